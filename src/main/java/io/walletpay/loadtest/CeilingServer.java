package io.walletpay.loadtest;

import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The HTTP ceiling of the benchmark: a Vert.x server (one instance per event loop) whose create route reads the
 * body and answers a constant 201 of the size and headers of a real create answer, touching no database. The
 * load generator measures it with {@code --no-auth}, so the figure is what HTTP alone allows on this machine.
 */
public final class CeilingServer extends VerticleBase {

    static final String CREATE_PATH = PaymentFlow.CREATE_PATH;
    private static final String CREATE_PATH_NO_SLASH = "/api/merchant/payments/wallet";

    // Field for field the shape and lengths of a real create answer (a 44-character checkout token, microseconds).
    static final Buffer CREATED = Buffer.buffer(
            """
      {"success":true,"data":{"id":"0b8e3f4a-6c2d-4e1f-9a7b-3c5d2e1f0a9b","reference_id":"lt-1a2b3c4d-1234567",\
      "amount":"2500.00","status":"pending",\
      "redirect_url":"http://127.0.0.1:8080/checkout/019ac8f3b2e1q2VfK3n0bX8sPz1LwR7mYt4Cd9Hj6Ga5","currency":"HTG",\
      "created_at":"2026-11-21T07:30:12.123456Z","expires_at":"2026-11-21T08:00:12.123456Z"}}""");
    private static final CharSequence JSON = HttpHeaders.createOptimized("application/json; charset=utf-8");
    private static final CharSequence NO_STORE = HttpHeaders.createOptimized("no-store");
    private static final CharSequence REQUEST_ID = HttpHeaders.createOptimized("X-Request-Id");
    private static final CharSequence CACHE_CONTROL = HttpHeaders.createOptimized("Cache-Control");

    private final String host;
    private final int port;

    CeilingServer(String host, int port) {
        this.host = host;
        this.port = port;
    }

    /** Deploys {@code instances} servers on {@code host:port}; the answer is the deployment id. */
    public static Future<String> deploy(Vertx vertx, String host, int port, int instances) {
        return vertx.deployVerticle(
                () -> new CeilingServer(host, port), new DeploymentOptions().setInstances(instances));
    }

    @Override
    public Future<?> start() {
        return vertx.createHttpServer(new HttpServerOptions().setHost(host).setPort(port))
                .requestHandler(this::handle)
                .listen();
    }

    private void handle(HttpServerRequest request) {
        String path = request.path();
        if (request.method() != HttpMethod.POST || !(CREATE_PATH.equals(path) || CREATE_PATH_NO_SLASH.equals(path))) {
            request.response().setStatusCode(404).end();
            return;
        }
        // Read the whole body, as the real route must before it can answer.
        request.body().onSuccess(body -> request.response()
                .setStatusCode(201)
                .putHeader(HttpHeaders.CONTENT_TYPE, JSON)
                .putHeader(CACHE_CONTROL, NO_STORE)
                .putHeader(REQUEST_ID, requestId())
                .end(CREATED));
    }

    // The real service mints a request id per request too; a SecureRandom UUID would add lock contention it lacks.
    private static String requestId() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return new UUID(random.nextLong(), random.nextLong()).toString();
    }
}
