package io.walletpay.portal;

import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.delivery.WebhookTester;
import io.walletpay.delivery.WebhookTester.SendTestWebhook;
import io.walletpay.merchant.Merchant;
import io.walletpay.page.PageText;
import io.walletpay.store.Stores;
import io.walletpay.webhook.Delivery;
import io.walletpay.webhook.ListDeliveries;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * {@code /portal/webhooks}: the delivery log with its filters, Redeliver one, recover every failed delivery since a
 * day, and a test event sent now whose answer the page shows. The same store operations as the webhook API.
 */
final class WebhookPages {

    private static final int PAGE_SIZE = 50;

    private final PortalPages pages;
    private final Stores stores;
    private final WebhookTester tester;
    private final int failingAfterHours;

    WebhookPages(PortalPages pages, Stores stores, WebhookTester tester, int failingAfterHours) {
        this.pages = pages;
        this.stores = stores;
        this.tester = tester;
        this.failingAfterHours = failingAfterHours;
    }

    void mount(Router router) {
        router.get("/portal/webhooks").handler(ctx -> list(ctx, Map.of()));
        router.post("/portal/webhooks/redeliver").handler(this::redeliver);
        router.post("/portal/webhooks/recover").handler(this::recover);
        router.post("/portal/webhooks/test").handler(this::test);
    }

    private static Optional<DeliveryFilter> filter(RoutingContext ctx) {
        // a POST answers with the unfiltered list: its own form fields are not filters
        boolean get = ctx.request().method().name().equals("GET");
        DeliveryFilter filter = new DeliveryFilter(
                get ? PortalPages.param(ctx, "status", 16) : "",
                get ? PortalPages.param(ctx, "from", 10) : "",
                get ? PortalPages.param(ctx, "to", 10) : "");
        try {
            filter.statusValue();
            filter.createdGte();
            filter.createdLt();
            return Optional.of(filter);
        } catch (IllegalArgumentException | DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /** The delivery log; {@code extra} adds what a POST wants to say (a notice, a test's answer). */
    private void list(RoutingContext ctx, Map<String, Object> extra) {
        Optional<DeliveryFilter> filter = filter(ctx);
        Optional<ListPage> page = ListPage.asked(ctx);
        if (filter.isEmpty() || page.isEmpty()) {
            pages.badRequest(ctx);
            return;
        }
        Merchant merchant = PortalPages.merchant(ctx);
        DeliveryFilter f = filter.get();
        var deliveries = stores.deliveries()
                .list(new ListDeliveries(
                        merchant.id(),
                        f.statusValue(),
                        null,
                        f.createdGte(),
                        f.createdLt(),
                        PAGE_SIZE,
                        page.get().startingAfter(),
                        page.get().endingBefore()));
        var health = stores.deliveries().endpointHealth(merchant.id(), failingAfterHours);
        var endpoints = stores.endpoints().list(merchant.id());
        io.vertx.core.Future.all(deliveries, health, endpoints)
                .onSuccess(both -> {
                    List<Delivery> found = deliveries.result().deliveries();
                    Map<String, Object> model = new HashMap<>(extra);
                    model.put("deliveries", found);
                    model.put("filter", f);
                    model.put("webhookUrl", merchant.webhookUrl());
                    model.put("health", health.result());
                    model.put("endpoints", DeliveryEndpoints.of(endpoints.result()));
                    model.putIfAbsent("notice", null);
                    model.putIfAbsent("test", null);
                    String prefix = "/portal/webhooks?" + f.queryString() + "&";
                    boolean more = deliveries.result().hasMore();
                    model.put("nextHref", page.get().next(prefix, more, found, Delivery::id));
                    model.put("previousHref", page.get().previous(prefix, more, found, Delivery::id));
                    model.put("today", LocalDate.now(PageText.HAITI).toString());
                    pages.render(ctx, 200, "portal/webhooks.jte", model);
                })
                .onFailure(ctx::fail);
    }

    private void redeliver(RoutingContext ctx) {
        UUID delivery = PortalPages.parseUuid(PortalPages.param(ctx, "delivery_id", 64));
        if (delivery == null) {
            pages.badRequest(ctx);
            return;
        }
        stores.deliveries()
                .redeliver(PortalPages.merchant(ctx).id(), delivery)
                .onSuccess(queued -> list(ctx, Map.of("notice", pages.text(ctx).get("webhooks.redelivered"))))
                .onFailure(ctx::fail);
    }

    private void recover(RoutingContext ctx) {
        OffsetDateTime since;
        try {
            since = PortalPages.dayStart(PortalPages.param(ctx, "since", 10));
        } catch (DateTimeParseException e) {
            pages.badRequest(ctx);
            return;
        }
        stores.deliveries()
                .recoverFailed(PortalPages.merchant(ctx).id(), since)
                .onSuccess(recovered ->
                        list(ctx, Map.of("notice", pages.text(ctx).get("webhooks.recovered", recovered.queued()))))
                .onFailure(ctx::fail);
    }

    private void test(RoutingContext ctx) {
        Merchant merchant = PortalPages.merchant(ctx);
        if (merchant.webhookUrl() == null) {
            list(ctx, Map.of("notice", pages.text(ctx).get("webhooks.no_url")));
            return;
        }
        tester.send(new SendTestWebhook(
                        merchant.id(),
                        merchant.webhookUrl(),
                        merchant.webhookSecret(),
                        merchant.publicId(),
                        merchant.livemode()))
                .onSuccess(result -> list(ctx, Map.<String, Object>of("test", result)))
                .onFailure(ctx::fail);
    }
}
