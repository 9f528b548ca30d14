package io.walletpay;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.micrometer.MicrometerMetricsFactory;
import io.vertx.micrometer.MicrometerMetricsOptions;
import io.vertx.micrometer.VertxPrometheusOptions;
import java.util.UUID;

/** A Vert.x instance with Micrometer metrics (HTTP server, pools, JVM) in a Prometheus registry of its own. */
public record ServiceVertx(Vertx vertx, PrometheusMeterRegistry registry) {

    public static ServiceVertx create() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        MicrometerMetricsOptions metrics = new MicrometerMetricsOptions()
                .setEnabled(true)
                .setJvmMetricsEnabled(true)
                .setRegistryName("walletpay-" + UUID.randomUUID()) // one per instance: tests run several in one JVM
                .setPrometheusOptions(new VertxPrometheusOptions().setEnabled(true));
        Vertx vertx = Vertx.builder()
                .with(new VertxOptions().setMetricsOptions(metrics))
                .withMetrics(new MicrometerMetricsFactory(registry))
                .build();
        return new ServiceVertx(vertx, registry);
    }
}
