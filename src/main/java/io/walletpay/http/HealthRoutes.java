package io.walletpay.http;

import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.store.DatabaseHealth;
import io.walletpay.store.DatabaseHealth.Readiness;

/** {@code /health/live} (the process answers) and {@code /health/ready} (the database answers, schema applied). */
final class HealthRoutes {

    private final DatabaseHealth database;

    HealthRoutes(DatabaseHealth database) {
        this.database = database;
    }

    void mount(Router router) {
        router.get("/health/live").handler(this::live);
        router.get("/health/ready").handler(this::ready);
    }

    private void live(RoutingContext ctx) {
        Responses.json(ctx, 200, new JsonObject().put("status", "up"));
    }

    private void ready(RoutingContext ctx) {
        database.readiness()
                .otherwise(failure -> new Readiness(false, "database unreachable"))
                .onSuccess(readiness -> Responses.json(
                        ctx,
                        readiness.ready() ? 200 : 503,
                        new JsonObject()
                                .put("status", readiness.ready() ? "ready" : "not_ready")
                                .put("detail", readiness.detail())));
    }
}
