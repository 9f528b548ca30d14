package io.walletpay.http;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import io.vertx.micrometer.PrometheusScrapingHandler;

/** {@code GET /metrics}: Prometheus text (vertx-micrometer's scraping handler); empty without a Prometheus registry. */
final class MetricsRoute {

    private MetricsRoute() {}

    static Handler<RoutingContext> handler(MeterRegistry registry) {
        if (registry instanceof PrometheusMeterRegistry prometheus) {
            return PrometheusScrapingHandler.create(prometheus);
        }
        return ctx -> ctx.response()
                .putHeader("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
                .end();
    }
}
