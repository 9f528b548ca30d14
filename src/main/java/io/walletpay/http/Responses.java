package io.walletpay.http;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

/** Writes JSON answers: the success envelope {@code {success:true, data}} and plain bodies. */
final class Responses {

    private static final CharSequence JSON = HttpHeaders.createOptimized("application/json; charset=utf-8");
    private static final CharSequence NO_STORE = HttpHeaders.createOptimized("no-store");

    private Responses() {}

    static void json(RoutingContext ctx, int status, JsonObject body) {
        ctx.response()
                .setStatusCode(status)
                .putHeader(HttpHeaders.CONTENT_TYPE, JSON)
                .putHeader(HttpHeaders.CACHE_CONTROL, NO_STORE)
                .end(body.toBuffer());
    }

    static void success(RoutingContext ctx, int status, Object data) {
        json(ctx, status, new JsonObject().put("success", true).put("data", data));
    }
}
