package io.walletpay;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxBuilder;
import io.vertx.core.VertxOptions;
import io.vertx.core.dns.AddressResolverOptions;
import io.vertx.core.internal.VertxInternal;
import io.vertx.core.spi.VertxTracerFactory;
import io.vertx.micrometer.MicrometerMetricsFactory;
import io.vertx.micrometer.MicrometerMetricsOptions;
import io.vertx.micrometer.VertxPrometheusOptions;
import io.walletpay.cluster.HazelcastMember;
import io.walletpay.config.AppConfig;
import io.walletpay.metrics.GuardedMetricsFactory;
import io.walletpay.tracing.Tracing;
import java.util.Set;
import java.util.UUID;

/**
 * A Vert.x instance with Micrometer metrics (HTTP server, pools, JVM) in a Prometheus registry of its own, and
 * OpenTelemetry's tracer when tracing is on.
 */
public record ServiceVertx(Vertx vertx, PrometheusMeterRegistry registry) {

    /** Far above what the service itself makes (a few hundred); only a flood of client-chosen values reaches it. */
    static final int MAX_SERIES = 5_000;

    static final int MAX_ROUTES = 200;
    private static final Set<String> STANDARD_METHODS =
            Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH");

    /** With {@link AppConfig#defaultEventLoops()} event loops: what reads the configuration, which may ask for others. */
    public static ServiceVertx create() {
        return create(AppConfig.defaultEventLoops(), new AddressResolverOptions());
    }

    public static ServiceVertx create(int eventLoops) {
        return create(eventLoops, new AddressResolverOptions());
    }

    /** With the given name resolution (tests point webhook delivery at a DNS server of their own). */
    public static ServiceVertx create(int eventLoops, AddressResolverOptions dns) {
        PrometheusMeterRegistry registry = newRegistry();
        Vertx vertx = traced(Vertx.builder()
                        .with(options(eventLoops).setAddressResolverOptions(dns))
                        .withMetrics(new GuardedMetricsFactory(new MicrometerMetricsFactory(registry))))
                .build();
        return new ServiceVertx(vertx, registry);
    }

    /**
     * A clustered instance (cluster.enabled): a Hazelcast member ({@link HazelcastMember}), and the event bus bound to
     * the same host on a free port. Only wake-ups cross nodes; store calls stay on their node
     * ({@link io.walletpay.store.StoreCalls}). Needs the cluster add-on on the class path
     * ({@link io.walletpay.cluster.ClusterAddOn}).
     */
    public static Future<ServiceVertx> createClustered(AppConfig.Cluster cluster, int eventLoops) {
        PrometheusMeterRegistry registry = newRegistry();
        VertxOptions options = options(eventLoops);
        options.getEventBusOptions().setHost(cluster.host()).setPort(0);
        return traced(Vertx.builder()
                        .with(options)
                        .withMetrics(new GuardedMetricsFactory(new MicrometerMetricsFactory(registry))))
                .withClusterManager(HazelcastMember.clusterManager(cluster))
                .buildClustered()
                .map(vertx -> new ServiceVertx(vertx, registry));
    }

    /** How many event loops this Vert.x runs, counted from its event-loop group. */
    public int eventLoops() {
        int loops = 0;
        for (var ignored : ((VertxInternal) vertx).eventLoopGroup()) {
            loops++;
        }
        return loops;
    }

    /** With tracing on ({@link Tracing}), a span for each HTTP request served, an incoming traceparent continued. */
    private static VertxBuilder traced(VertxBuilder builder) {
        VertxTracerFactory tracer = Tracing.vertxTracer();
        return tracer == null ? builder : builder.withTracer(tracer);
    }

    private static PrometheusMeterRegistry newRegistry() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        boundSeries(registry);
        return registry;
    }

    /**
     * {@code eventLoops} event loops, and Netty's native epoll transport where the platform has it (the jar carries it
     * for Linux on x86-64 and arm64; elsewhere Vert.x uses NIO).
     */
    private static VertxOptions options(int eventLoops) {
        return new VertxOptions()
                .setEventLoopPoolSize(eventLoops)
                .setPreferNativeTransport(true)
                .setMetricsOptions(metrics());
    }

    private static MicrometerMetricsOptions metrics() {
        return new MicrometerMetricsOptions()
                .setEnabled(true)
                .setJvmMetricsEnabled(true)
                .setRegistryName("walletpay-" + UUID.randomUUID()) // one per instance: tests run several in one JVM
                .setPrometheusOptions(new VertxPrometheusOptions().setEnabled(true));
    }

    /**
     * Clients must not be able to grow the registry (and the scrape) without bound: an HTTP method outside the
     * standard set is tagged {@code OTHER} (routes are already the route templates Vert.x Web reports, never raw
     * paths), and past a hard cap on routes per meter and on series in all, new series are dropped.
     */
    static void boundSeries(MeterRegistry registry) {
        registry.config()
                .meterFilter(MeterFilter.replaceTagValues(
                        "method", method -> STANDARD_METHODS.contains(method) ? method : "OTHER"))
                .meterFilter(
                        MeterFilter.maximumAllowableTags("vertx.http.server", "route", MAX_ROUTES, MeterFilter.deny()))
                .meterFilter(MeterFilter.maximumAllowableMetrics(MAX_SERIES));
    }
}
