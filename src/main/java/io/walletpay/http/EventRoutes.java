package io.walletpay.http;

import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.delivery.WebhookTester;
import io.walletpay.delivery.WebhookTester.SendTestWebhook;
import io.walletpay.error.ServiceException;
import io.walletpay.json.JsonInput;
import io.walletpay.store.DeliveryStore;
import io.walletpay.view.Timestamps;
import io.walletpay.webhook.EventType;
import io.walletpay.webhook.EventView;
import io.walletpay.webhook.ListEvents;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * {@code /api/merchant/events} (what happened, one event per transition of a payment, refund or payout) and
 * {@code /api/merchant/webhooks/recover} (queue again every failed delivery since a time).
 */
final class EventRoutes {

    /** The events there are, which {@code type} may ask for: a misspelt one is a 400, not an empty list. */
    static final List<String> TYPES = EventType.names();

    private final DeliveryStore deliveries;
    private final WebhookTester tester;

    EventRoutes(DeliveryStore deliveries, WebhookTester tester) {
        this.deliveries = deliveries;
        this.tester = tester;
    }

    void mount(Router router) {
        router.get("/api/merchant/events").handler(this::list);
        router.get("/api/merchant/events/:id").handler(this::get);
        router.post("/api/merchant/webhooks/recover").handler(this::recover);
        router.post("/api/merchant/webhooks/test").handler(this::test);
    }

    private void test(RoutingContext ctx) {
        io.walletpay.merchant.Merchant merchant = MerchantGuard.merchant(ctx);
        if (merchant.webhookUrl() == null) {
            throw ServiceException.invalid("webhook_url", "set a webhook_url in the settings first");
        }
        tester.send(new SendTestWebhook(
                        merchant.id(),
                        merchant.webhookUrl(),
                        merchant.webhookSecret(),
                        merchant.publicId(),
                        merchant.livemode()))
                .onSuccess(result -> {
                    Responses.success(
                            ctx,
                            200,
                            new JsonObject()
                                    .put("status_code", result.statusCode())
                                    .put("duration_ms", result.durationMs())
                                    .put("error_kind", result.errorKind())
                                    .put("response_excerpt", result.responseExcerpt()));
                })
                .onFailure(ctx::fail);
    }

    private void list(RoutingContext ctx) {
        String type = Queries.text(ctx, "type", 64);
        if (type != null && !TYPES.contains(type)) {
            throw ServiceException.invalid("type", "type must be one of " + String.join(", ", TYPES));
        }
        PageCursor cursor = Queries.cursor(ctx);
        ListEvents query = new ListEvents(
                MerchantGuard.merchant(ctx).id(),
                type,
                Queries.time(ctx, "created_gte"),
                Queries.time(ctx, "created_lt"),
                Queries.limit(ctx),
                cursor.startingAfter(),
                cursor.endingBefore());
        deliveries
                .events(query)
                .onSuccess(page -> Responses.page(ctx, page.events(), EventRoutes::view, page.hasMore()))
                .onFailure(ctx::fail);
    }

    private void get(RoutingContext ctx) {
        UUID id = Queries.pathId(ctx, "Event");
        deliveries
                .event(MerchantGuard.merchant(ctx).id(), id)
                .onSuccess(event -> Responses.success(ctx, 200, view(event)))
                .onFailure(ctx::fail);
    }

    private void recover(RoutingContext ctx) {
        JsonInput input = JsonInput.parseObject(Bodies.json(ctx), Set.of("since"));
        OffsetDateTime since = Queries.time("since", input.requiredText("since", 64));
        deliveries
                .recoverFailed(MerchantGuard.merchant(ctx).id(), since)
                .onSuccess(recovered -> Responses.success(ctx, 202, new JsonObject().put("queued", recovered.queued())))
                .onFailure(ctx::fail);
    }

    private static JsonObject view(EventView event) {
        JsonObject body = new JsonObject(event.body());
        return new JsonObject()
                .put("id", event.id().toString())
                .put("type", event.type())
                .put(
                        "payment_id",
                        event.paymentId() == null ? null : event.paymentId().toString())
                .put("created_at", Timestamps.format(event.createdAt()))
                .put("data", body.getJsonObject("data"));
    }
}
