package io.walletpay.http;

import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.links.PaymentLinkRequest;
import io.walletpay.merchant.Actor;
import io.walletpay.net.ClientAddress;
import io.walletpay.payment.PaymentLink;
import io.walletpay.usecase.PaymentLinks;
import io.walletpay.view.PaymentLinkViews;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** {@code /api/merchant/payment-links}: create, list, retrieve and deactivate, always within the token's merchant. */
final class PaymentLinkRoutes {

    private final PaymentLinks links;

    PaymentLinkRoutes(PaymentLinks links) {
        this.links = links;
    }

    void mount(Router router) {
        router.post("/api/merchant/payment-links").handler(this::create);
        router.get("/api/merchant/payment-links").handler(this::list);
        router.get("/api/merchant/payment-links/:id").handler(this::get);
        router.post("/api/merchant/payment-links/:id/deactivate").handler(this::deactivate);
    }

    private void create(RoutingContext ctx) {
        PaymentLinkRequest request =
                PaymentLinkRequest.parse(Bodies.json(ctx), links.limits(), OffsetDateTime.now(ZoneOffset.UTC));
        links.create(MerchantGuard.merchant(ctx), request, actor(ctx))
                .onSuccess(link -> Responses.success(ctx, 201, view(link)))
                .onFailure(ctx::fail);
    }

    private void list(RoutingContext ctx) {
        PageCursor cursor = Queries.cursor(ctx);
        links.list(MerchantGuard.merchant(ctx).id(), Queries.limit(ctx), cursor.startingAfter(), cursor.endingBefore())
                .onSuccess(page -> Responses.page(ctx, page.links(), this::view, page.hasMore()))
                .onFailure(ctx::fail);
    }

    private void get(RoutingContext ctx) {
        links.get(MerchantGuard.merchant(ctx).id(), Queries.pathId(ctx, "Payment link"))
                .onSuccess(link -> Responses.success(ctx, 200, view(link)))
                .onFailure(ctx::fail);
    }

    private void deactivate(RoutingContext ctx) {
        links.deactivate(MerchantGuard.merchant(ctx).id(), Queries.pathId(ctx, "Payment link"), actor(ctx))
                .onSuccess(link -> Responses.success(ctx, 200, view(link)))
                .onFailure(ctx::fail);
    }

    private io.vertx.core.json.JsonObject view(PaymentLink link) {
        return PaymentLinkViews.full(link, links.url(link));
    }

    /** The merchant itself, through the API, from the address of this request. */
    private static Actor actor(RoutingContext ctx) {
        return Actor.merchant(MerchantGuard.merchant(ctx).id(), ClientAddress.of(ctx));
    }
}
