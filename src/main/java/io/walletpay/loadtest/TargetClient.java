package io.walletpay.loadtest;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpResponseExpectation;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The connections to the service under test: one pooled HTTP/1.1 client (keep-alive, no pipelining, at most
 * {@code --connections} sockets) shared by every lane, plus the JSON exchanges of the set-up.
 */
final class TargetClient {

    static final CharSequence JSON = HttpHeaders.createOptimized("application/json");
    static final CharSequence FORM = HttpHeaders.createOptimized("application/x-www-form-urlencoded");

    /** The status, the {@code Location} header (null when none) and the whole body of one answer. */
    record Answer(int status, String location, Buffer body) {}

    /** One node of the target. */
    private record Node(String host, int port, boolean ssl) {

        static Node of(URI uri) {
            boolean ssl = "https".equals(uri.getScheme().toLowerCase(Locale.ROOT));
            return new Node(uri.getHost(), uri.getPort() > 0 ? uri.getPort() : ssl ? 443 : 80, ssl);
        }
    }

    private final HttpClientAgent client;
    private final List<Node> nodes;
    private final AtomicInteger turn = new AtomicInteger();
    private final String basePath;
    private final long timeoutMs;

    private TargetClient(HttpClientAgent client, List<URI> targets, long timeoutMs) {
        this.client = client;
        this.nodes = targets.stream().map(Node::of).toList();
        String path = targets.get(0).getRawPath() == null ? "" : targets.get(0).getRawPath();
        this.basePath = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        this.timeoutMs = timeoutMs;
    }

    static TargetClient create(Vertx vertx, LoadTestOptions options) {
        HttpClientOptions http = new HttpClientOptions()
                .setKeepAlive(true)
                .setPipelining(false)
                .setTcpNoDelay(true)
                .setConnectTimeout((int) Math.min(Integer.MAX_VALUE, options.timeoutMs()));
        // the pool is per node (host and port): each node gets up to --connections sockets
        PoolOptions pool = new PoolOptions().setHttp1MaxSize(options.connections());
        return new TargetClient(vertx.createHttpClient(http, pool), options.targetUris(), options.timeoutMs());
    }

    /** A path of the API under the target's base path. */
    String api(String path) {
        return basePath + path;
    }

    /**
     * Sends one request and reads the whole answer. Fails only when no answer came: a {@code TimeoutException}
     * after {@code --timeout} ms waiting for a connection or of silence on it, anything else for a connection that
     * failed or closed.
     */
    Future<Answer> send(
            HttpMethod method, String uri, CharSequence authorization, CharSequence contentType, Buffer body) {
        Node node = nodes.get(Math.floorMod(turn.getAndIncrement(), nodes.size()));
        return client.request(options(node, method, uri, authorization, contentType))
                .compose(request -> body == null ? request.send() : request.send(body))
                .compose(response -> response.body()
                        .map(bytes ->
                                new Answer(response.statusCode(), response.getHeader(HttpHeaders.LOCATION), bytes)));
    }

    /**
     * A set-up exchange: JSON in, JSON out, and the answer must meet {@code expected}; otherwise it fails with a
     * {@link SetupException} naming the route, the status and the API's error code (never a request body).
     */
    Future<JsonObject> exchange(
            HttpMethod method, String path, String authorization, JsonObject body, HttpResponseExpectation expected) {
        String uri = api(path);
        return client.request(options(nodes.get(0), method, uri, authorization, body == null ? null : JSON))
                .compose(request -> body == null ? request.send() : request.send(body.toBuffer()))
                .compose(response -> response.body()
                        .compose(bytes -> expected.test(response)
                                ? Future.succeededFuture(json(bytes))
                                : Future.failedFuture(refused(method, path, response, bytes))))
                .recover(failure -> Future.failedFuture(
                        failure instanceof SetupException
                                ? failure
                                : new SetupException(method + " " + path + " failed: " + describe(failure))));
    }

    Future<Void> close() {
        return client.close();
    }

    private RequestOptions options(
            Node node, HttpMethod method, String uri, CharSequence authorization, CharSequence contentType) {
        RequestOptions options = new RequestOptions()
                .setMethod(method)
                .setHost(node.host())
                .setPort(node.port())
                .setSsl(node.ssl())
                .setURI(uri)
                .setFollowRedirects(false)
                // --timeout bounds the wait for one of the --connections sockets too, so a request queued behind a
                // slow service fails as a timeout instead of waiting past the run's end, uncounted
                .setConnectTimeout(timeoutMs)
                .setIdleTimeout(timeoutMs);
        if (contentType != null) {
            options.putHeader(HttpHeaders.CONTENT_TYPE, contentType);
        }
        if (authorization != null) {
            options.putHeader(HttpHeaders.AUTHORIZATION, authorization);
        }
        return options;
    }

    private static JsonObject json(Buffer bytes) {
        try {
            return bytes.length() == 0 ? new JsonObject() : bytes.toJsonObject();
        } catch (DecodeException e) {
            throw new SetupException("the service answered something that is not a JSON object");
        }
    }

    private static SetupException refused(HttpMethod method, String path, HttpClientResponse response, Buffer bytes) {
        String reason = "";
        try {
            JsonObject error = bytes.toJsonObject().getJsonObject("error");
            if (error != null) {
                reason = " (" + error.getString("code") + ": " + error.getString("message") + ")";
            }
        } catch (RuntimeException notJson) {
            // the status alone has to do
        }
        return new SetupException(method + " " + path + " answered " + response.statusCode() + reason);
    }

    private static String describe(Throwable failure) {
        return failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage();
    }
}
