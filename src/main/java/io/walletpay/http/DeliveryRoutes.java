package io.walletpay.http;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.error.ServiceException;
import io.walletpay.store.Stores;
import io.walletpay.view.Timestamps;
import io.walletpay.webhook.Delivery;
import io.walletpay.webhook.DeliveryStatus;
import io.walletpay.webhook.ListDeliveries;
import java.time.OffsetDateTime;
import java.util.UUID;

/** {@code /api/merchant/webhooks/deliveries}: the merchant's delivery log, one delivery with its attempts, redeliver. */
final class DeliveryRoutes {

    private final Stores stores;

    DeliveryRoutes(Stores stores) {
        this.stores = stores;
    }

    void mount(Router router) {
        router.get("/api/merchant/webhooks/deliveries").handler(this::list);
        router.get("/api/merchant/webhooks/deliveries/:id").handler(this::get);
        router.post("/api/merchant/webhooks/deliveries/:id/redeliver").handler(this::redeliver);
    }

    private void list(RoutingContext ctx) {
        String statusText = Queries.text(ctx, "status", 20);
        DeliveryStatus status = statusText == null
                ? null
                : DeliveryStatus.fromWire(statusText)
                        .orElseThrow(() ->
                                ServiceException.invalid("status", "status must be one of pending, succeeded, failed"));
        PageCursor cursor = Queries.cursor(ctx);
        ListDeliveries query = new ListDeliveries(
                MerchantGuard.merchant(ctx).id(),
                status,
                Queries.uuid(ctx, "payment_id"),
                Queries.time(ctx, "created_gte"),
                Queries.time(ctx, "created_lt"),
                Queries.limit(ctx),
                cursor.startingAfter(),
                cursor.endingBefore());
        stores.deliveries()
                .list(query)
                .onSuccess(page -> Responses.page(ctx, page.deliveries(), DeliveryRoutes::view, page.hasMore()))
                .onFailure(ctx::fail);
    }

    private void get(RoutingContext ctx) {
        UUID id = Queries.pathId(ctx, "Delivery");
        stores.deliveries()
                .get(MerchantGuard.merchant(ctx).id(), id)
                .onSuccess(detail -> {
                    JsonArray attempts = new JsonArray();
                    detail.attempts()
                            .forEach(attempt -> attempts.add(new JsonObject()
                                    .put("attempted_at", time(attempt.attemptedAt()))
                                    .put("status_code", attempt.statusCode())
                                    .put("duration_ms", attempt.durationMs())
                                    .put("error_kind", attempt.errorKind())
                                    .put("response_excerpt", attempt.responseExcerpt())));
                    Responses.success(
                            ctx,
                            200,
                            view(detail.delivery()).put("body", detail.body()).put("attempt_log", attempts));
                })
                .onFailure(ctx::fail);
    }

    private void redeliver(RoutingContext ctx) {
        UUID id = Queries.pathId(ctx, "Delivery");
        stores.deliveries()
                .redeliver(MerchantGuard.merchant(ctx).id(), id)
                .onSuccess(delivery -> Responses.success(ctx, 202, view(delivery)))
                .onFailure(ctx::fail);
    }

    private static JsonObject view(Delivery delivery) {
        return new JsonObject()
                .put("id", delivery.id().toString())
                .put(
                        "payment_id",
                        delivery.paymentId() == null
                                ? null
                                : delivery.paymentId().toString())
                .put("event", delivery.event())
                .put(
                        "endpoint_id",
                        delivery.endpointId() == null
                                ? null
                                : delivery.endpointId().toString())
                .put("status", delivery.status().wireName())
                .put("attempts", delivery.attempts())
                .put(
                        "next_attempt_at",
                        delivery.status() == DeliveryStatus.PENDING ? time(delivery.nextAttemptAt()) : null)
                .put("last_status_code", delivery.lastStatusCode())
                .put("last_error", delivery.lastError())
                .put("created_at", time(delivery.createdAt()))
                .put("updated_at", time(delivery.updatedAt()))
                .put("delivered_at", time(delivery.deliveredAt()));
    }

    private static String time(OffsetDateTime at) {
        return Timestamps.format(at);
    }
}
