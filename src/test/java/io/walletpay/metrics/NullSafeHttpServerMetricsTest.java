package io.walletpay.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.MultiMap;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.SocketAddress;
import io.vertx.core.spi.metrics.HttpServerMetrics;
import io.vertx.core.spi.metrics.VertxMetrics;
import io.vertx.core.spi.observability.HttpRequest;
import io.vertx.core.spi.observability.HttpResponse;
import io.vertx.micrometer.MicrometerMetricsFactory;
import io.vertx.micrometer.MicrometerMetricsOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The HTTP server's metrics as the service makes them (Micrometer's, guarded), driven the way Vert.x drives them for
 * a connection accepted before its listener's metrics existed: a null socket metric, then null request metrics.
 */
class NullSafeHttpServerMetricsTest {

    private static final SocketAddress LOCAL = SocketAddress.inetSocketAddress(8080, "127.0.0.1");
    private static final SocketAddress CLIENT = SocketAddress.inetSocketAddress(50000, "127.0.0.1");

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final List<VertxMetrics> made = new ArrayList<>();

    @AfterEach
    void closeMetrics() {
        made.forEach(VertxMetrics::close);
        registry.close();
    }

    @Test
    void micrometerAloneFailsTheFirstRequestOfAConnectionWithoutASocketMetric() {
        HttpServerMetrics<Object, Object, Object> unguarded =
                serverMetrics(made(new MicrometerMetricsFactory(registry).metrics(options())));

        assertThatThrownBy(() -> unguarded.requestBegin(null, new Request())).isInstanceOf(NullPointerException.class);
    }

    @Test
    void guardedAConnectionWithoutASocketMetricIsLeftUncountedWithoutFailing() {
        HttpServerMetrics<Object, Object, Object> metrics = guarded();

        metrics.bytesRead(null, CLIENT, 120);
        Object request = metrics.requestBegin(null, new Request());
        metrics.requestRouted(request, "/health/ready");
        metrics.requestEnd(request, new Request(), 120);
        metrics.responseBegin(request, new Response());
        metrics.responseEnd(request, new Response(), 300);
        metrics.bytesWritten(null, CLIENT, 300);
        metrics.exceptionOccurred(null, CLIENT, new IllegalStateException("reset"));
        metrics.requestReset(request);
        metrics.disconnected(null, CLIENT);

        assertThat(request).isNull();
        assertThat(registry.find("vertx.http.server.requests").counters()).isEmpty();
    }

    @Test
    void guardedAConnectionWithASocketMetricIsCountedAsBefore() {
        HttpServerMetrics<Object, Object, Object> metrics = guarded();

        Object socket = metrics.connected(CLIENT, "127.0.0.1");
        Object request = metrics.requestBegin(socket, new Request());
        metrics.requestEnd(request, new Request(), 120);
        metrics.responseBegin(request, new Response());
        metrics.responseEnd(request, new Response(), 300);
        metrics.disconnected(socket, CLIENT);

        assertThat(registry.get("vertx.http.server.requests").counter().count()).isEqualTo(1.0);
    }

    private HttpServerMetrics<Object, Object, Object> guarded() {
        return serverMetrics(
                made(new GuardedMetricsFactory(new MicrometerMetricsFactory(registry)).metrics(options())));
    }

    private VertxMetrics made(VertxMetrics metrics) {
        made.add(metrics);
        return metrics;
    }

    @SuppressWarnings("unchecked")
    private static HttpServerMetrics<Object, Object, Object> serverMetrics(VertxMetrics vertxMetrics) {
        return (HttpServerMetrics<Object, Object, Object>)
                vertxMetrics.createHttpServerMetrics(new HttpServerOptions(), LOCAL);
    }

    private static VertxOptions options() {
        return new VertxOptions()
                .setMetricsOptions(new MicrometerMetricsOptions()
                        .setEnabled(true)
                        .setRegistryName("null-safe-" + UUID.randomUUID()));
    }

    private record Request() implements HttpRequest {
        @Override
        public int id() {
            return 1;
        }

        @Override
        public String uri() {
            return "/health/ready";
        }

        @Override
        public String absoluteURI() {
            return "http://127.0.0.1:8080/health/ready";
        }

        @Override
        public HttpMethod method() {
            return HttpMethod.GET;
        }

        @Override
        public MultiMap headers() {
            return MultiMap.caseInsensitiveMultiMap();
        }

        @Override
        public SocketAddress remoteAddress() {
            return CLIENT;
        }
    }

    private record Response() implements HttpResponse {
        @Override
        public int statusCode() {
            return 200;
        }

        @Override
        public MultiMap headers() {
            return MultiMap.caseInsensitiveMultiMap();
        }
    }
}
