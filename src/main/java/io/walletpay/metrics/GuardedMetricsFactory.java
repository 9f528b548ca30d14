package io.walletpay.metrics;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.datagram.DatagramSocketOptions;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.core.metrics.MetricsOptions;
import io.vertx.core.net.NetClientOptions;
import io.vertx.core.net.NetServerOptions;
import io.vertx.core.net.SocketAddress;
import io.vertx.core.spi.VertxMetricsFactory;
import io.vertx.core.spi.metrics.ClientMetrics;
import io.vertx.core.spi.metrics.DatagramSocketMetrics;
import io.vertx.core.spi.metrics.EventBusMetrics;
import io.vertx.core.spi.metrics.HttpClientMetrics;
import io.vertx.core.spi.metrics.HttpServerMetrics;
import io.vertx.core.spi.metrics.PoolMetrics;
import io.vertx.core.spi.metrics.TCPMetrics;
import io.vertx.core.spi.metrics.VertxMetrics;

/**
 * Vert.x's metrics as the given factory makes them, with the HTTP server's behind {@link NullSafeHttpServerMetrics}
 * and none for the client named {@link #UNMETERED_CLIENT}.
 * A connection accepted in the instant between the listener opening and Vert.x creating that listener's metrics has
 * no socket metric; Micrometer's HTTP server metrics then throw on its first request, which is never answered. The
 * guard leaves such a connection uncounted and lets its requests through. The metrics it makes are not Micrometer's
 * own class, so vertx-micrometer's {@code MetricsService} snapshots would be empty: the service reads its metrics
 * from the Prometheus registry instead.
 */
public final class GuardedMetricsFactory implements VertxMetricsFactory {

    /**
     * The metrics name of an HTTP client that Vert.x does not meter: the webhook sender's, whose attempts the
     * service measures itself ({@code walletpay_webhook_attempt_duration_seconds}, by outcome). Vert.x's own would
     * say the same again at about 1 % of the service's CPU, and name every merchant's host in a pool series.
     */
    public static final String UNMETERED_CLIENT = "walletpay-unmetered";

    private final VertxMetricsFactory delegate;

    public GuardedMetricsFactory(VertxMetricsFactory delegate) {
        this.delegate = delegate;
    }

    @Override
    public VertxMetrics metrics(VertxOptions options) {
        return new Guarded(delegate.metrics(options));
    }

    @Override
    public MetricsOptions newOptions() {
        return delegate.newOptions();
    }

    @Override
    public MetricsOptions newOptions(MetricsOptions options) {
        return delegate.newOptions(options);
    }

    @Override
    public MetricsOptions newOptions(JsonObject json) {
        return delegate.newOptions(json);
    }

    /** Every call to the delegate, the HTTP server's metrics wrapped. */
    private record Guarded(VertxMetrics delegate) implements VertxMetrics {

        @Override
        public HttpServerMetrics<?, ?, ?> createHttpServerMetrics(HttpServerOptions options, SocketAddress local) {
            HttpServerMetrics<?, ?, ?> metrics = delegate.createHttpServerMetrics(options, local);
            return metrics == null ? null : new NullSafeHttpServerMetrics<>(metrics);
        }

        @Override
        public EventBusMetrics<?> createEventBusMetrics() {
            return delegate.createEventBusMetrics();
        }

        @Override
        public ClientMetrics<?, ?, ?> createClientMetrics(SocketAddress remote, String type, String namespace) {
            return delegate.createClientMetrics(remote, type, namespace);
        }

        @Override
        public HttpClientMetrics<?, ?, ?> createHttpClientMetrics(HttpClientOptions options) {
            return UNMETERED_CLIENT.equals(options.getMetricsName()) ? null : delegate.createHttpClientMetrics(options);
        }

        @Override
        public TCPMetrics<?> createNetServerMetrics(NetServerOptions options, SocketAddress local) {
            return delegate.createNetServerMetrics(options, local);
        }

        @Override
        public TCPMetrics<?> createNetClientMetrics(NetClientOptions options) {
            return delegate.createNetClientMetrics(options);
        }

        @Override
        public DatagramSocketMetrics createDatagramSocketMetrics(DatagramSocketOptions options) {
            return delegate.createDatagramSocketMetrics(options);
        }

        @Override
        public PoolMetrics<?, ?> createPoolMetrics(String type, String name, int maxSize) {
            return delegate.createPoolMetrics(type, name, maxSize);
        }

        @Override
        public void vertxCreated(Vertx vertx) {
            delegate.vertxCreated(vertx);
        }

        @Override
        public boolean isMetricsEnabled() {
            return delegate.isMetricsEnabled();
        }

        @Override
        public void close() {
            delegate.close();
        }
    }
}
