package io.walletpay.metrics;

import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.ServerWebSocket;
import io.vertx.core.net.SocketAddress;
import io.vertx.core.spi.metrics.HttpServerMetrics;
import io.vertx.core.spi.observability.HttpRequest;
import io.vertx.core.spi.observability.HttpResponse;

/**
 * An HTTP server's metrics that skip what they cannot count instead of failing the request: Vert.x passes a null
 * socket metric for a connection accepted before the listener's metrics existed, and then a null request metric for
 * its requests. Everything else goes to the delegate unchanged.
 */
final class NullSafeHttpServerMetrics<R, W, S> implements HttpServerMetrics<R, W, S> {

    private final HttpServerMetrics<R, W, S> delegate;

    NullSafeHttpServerMetrics(HttpServerMetrics<R, W, S> delegate) {
        this.delegate = delegate;
    }

    @Override
    public S connected(SocketAddress remoteAddress, String remoteName) {
        return delegate.connected(remoteAddress, remoteName);
    }

    @Override
    public void disconnected(S socketMetric, SocketAddress remoteAddress) {
        if (socketMetric != null) {
            delegate.disconnected(socketMetric, remoteAddress);
        }
    }

    @Override
    public void bytesRead(S socketMetric, SocketAddress remoteAddress, long numberOfBytes) {
        if (socketMetric != null) {
            delegate.bytesRead(socketMetric, remoteAddress, numberOfBytes);
        }
    }

    @Override
    public void bytesWritten(S socketMetric, SocketAddress remoteAddress, long numberOfBytes) {
        if (socketMetric != null) {
            delegate.bytesWritten(socketMetric, remoteAddress, numberOfBytes);
        }
    }

    @Override
    public void exceptionOccurred(S socketMetric, SocketAddress remoteAddress, Throwable failure) {
        if (socketMetric != null) {
            delegate.exceptionOccurred(socketMetric, remoteAddress, failure);
        }
    }

    @Override
    public R requestBegin(S socketMetric, HttpRequest request) {
        return socketMetric == null ? null : delegate.requestBegin(socketMetric, request);
    }

    @Override
    public void requestEnd(R requestMetric, HttpRequest request, long bytesRead) {
        if (requestMetric != null) {
            delegate.requestEnd(requestMetric, request, bytesRead);
        }
    }

    @Override
    public void requestReset(R requestMetric) {
        if (requestMetric != null) {
            delegate.requestReset(requestMetric);
        }
    }

    @Override
    public void requestRouted(R requestMetric, String route) {
        if (requestMetric != null) {
            delegate.requestRouted(requestMetric, route);
        }
    }

    @Override
    public void responseBegin(R requestMetric, HttpResponse response) {
        if (requestMetric != null) {
            delegate.responseBegin(requestMetric, response);
        }
    }

    @Override
    public R responsePushed(S socketMetric, HttpMethod method, String uri, HttpResponse response) {
        return socketMetric == null ? null : delegate.responsePushed(socketMetric, method, uri, response);
    }

    @Override
    public void responseEnd(R requestMetric, HttpResponse response, long bytesWritten) {
        if (requestMetric != null) {
            delegate.responseEnd(requestMetric, response, bytesWritten);
        }
    }

    @Override
    public W connected(S socketMetric, R requestMetric, ServerWebSocket webSocket) {
        return socketMetric == null || requestMetric == null
                ? null
                : delegate.connected(socketMetric, requestMetric, webSocket);
    }

    @Override
    public void disconnected(W webSocketMetric) {
        if (webSocketMetric != null) {
            delegate.disconnected(webSocketMetric);
        }
    }

    @Override
    public void close() {
        delegate.close();
    }
}
