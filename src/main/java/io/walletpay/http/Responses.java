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
        json(ctx, status, new JsonObject().put("success", true).put("data", inMode(ctx, data)));
    }

    /** 200 with one page of a cursor list: {@code {success, data:[…], has_more}}, each item as {@code view} shows it. */
    static <T> void page(RoutingContext ctx, List<T> items, Function<T, JsonObject> view, boolean hasMore) {
        JsonArray data = new JsonArray();
        items.forEach(item -> data.add(view.apply(item)));
        json(
                ctx,
                200,
                new JsonObject()
                        .put("success", true)
                        .put("data", inMode(ctx, data))
                        .put("has_more", hasMore));
    }

    /**
     * A merchant API answer's objects, each with {@code livemode}: the mode of the token's merchant row, the only
     * mode whose objects it can reach. The one place it is added, so no answer can forget it; an object that says its
     * own (a payment) keeps it. Answers outside the merchant API (admin, health) are left as they are.
     */
    private static Object inMode(RoutingContext ctx, Object data) {
        io.walletpay.merchant.Merchant merchant = MerchantGuard.merchant(ctx);
        if (merchant == null) {
            return data;
        }
        if (data instanceof JsonObject object && !object.containsKey("livemode")) {
            object.put("livemode", merchant.livemode());
        } else if (data instanceof JsonArray array) {
            array.forEach(item -> inMode(ctx, item));
        }
        return data;
    }
}
