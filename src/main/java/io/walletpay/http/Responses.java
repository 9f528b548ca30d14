package io.walletpay.http;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.function.Function;

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

    /** 200 with one page of a cursor list: {@code {success, data:[…], has_more}}, each item as {@code view} shows it. */
    static <T> void page(RoutingContext ctx, List<T> items, Function<T, JsonObject> view, boolean hasMore) {
        JsonArray data = new JsonArray();
        items.forEach(item -> data.add(view.apply(item)));
        json(ctx, 200, new JsonObject().put("success", true).put("data", data).put("has_more", hasMore));
    }
}
