package io.walletpay.http;

import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.merchant.Actor;
import io.walletpay.money.CreatedTransfer;
import io.walletpay.money.TransferKind;
import io.walletpay.money.TransferRequest;
import io.walletpay.net.ClientAddress;
import io.walletpay.store.TransferStore;
import io.walletpay.usecase.MoneyOut;
import io.walletpay.view.TransferViews;

/**
 * Money out, within the token's merchant: {@code GET /api/merchant/balance}, refunds of a payment
 * ({@code /api/merchant/payments/:id/refunds}) and payouts ({@code /api/merchant/payouts}). Creating one honours
 * {@code Idempotency-Key}: the same request again answers the same refund or payout, and creates nothing. One at or
 * above the merchant's approval threshold answers {@code awaiting_approval}.
 */
final class MoneyOutRoutes {

    private final TransferStore transfers;
    private final MoneyOut moneyOut;

    MoneyOutRoutes(TransferStore transfers, MoneyOut moneyOut) {
        this.transfers = transfers;
        this.moneyOut = moneyOut;
    }

    void mount(Router router) {
        router.get("/api/merchant/balance").handler(this::balance);
        router.post("/api/merchant/payments/:id/refunds").handler(this::refund);
        router.get("/api/merchant/payments/:id/refunds").handler(this::refunds);
        router.post("/api/merchant/payouts").handler(this::payout);
        router.get("/api/merchant/payouts").handler(this::payouts);
        router.get("/api/merchant/payouts/:id").handler(this::payoutById);
    }

    private void balance(RoutingContext ctx) {
        moneyOut.balance(MerchantGuard.merchant(ctx).id())
                .onSuccess(balance -> Responses.success(ctx, 200, TransferViews.balance(balance)))
                .onFailure(ctx::fail);
    }

    private void refund(RoutingContext ctx) {
        var merchant = MerchantGuard.merchant(ctx);
        var paymentId = Queries.pathId(ctx, "Payment");
        String key = PaymentRoutes.idempotencyKey(ctx);
        Buffer body = ctx.body().buffer();
        // every field is optional: no body at all refunds what is left of the payment
        TransferRequest request =
                TransferRequest.refund(body == null || body.length() == 0 ? new byte[0] : Bodies.json(ctx));
        moneyOut.refund(merchant.id(), paymentId, request, key, asker(ctx))
                .onSuccess(created -> answer(ctx, created))
                .onFailure(ctx::fail);
    }

    private void refunds(RoutingContext ctx) {
        transfers
                .refunds(MerchantGuard.merchant(ctx).id(), Queries.pathId(ctx, "Payment"))
                .onSuccess(list -> Responses.page(ctx, list, TransferViews::transfer, false))
                .onFailure(ctx::fail);
    }

    private void payout(RoutingContext ctx) {
        var merchant = MerchantGuard.merchant(ctx);
        String key = PaymentRoutes.idempotencyKey(ctx);
        TransferRequest request = TransferRequest.payout(Bodies.json(ctx));
        moneyOut.payout(merchant.id(), merchant.livemode(), request, key, asker(ctx))
                .onSuccess(created -> answer(ctx, created))
                .onFailure(ctx::fail);
    }

    private void payouts(RoutingContext ctx) {
        PageCursor cursor = Queries.cursor(ctx);
        transfers
                .payouts(
                        MerchantGuard.merchant(ctx).id(),
                        Queries.limit(ctx),
                        cursor.startingAfter(),
                        cursor.endingBefore())
                .onSuccess(page -> Responses.page(ctx, page.payouts(), TransferViews::transfer, page.hasMore()))
                .onFailure(ctx::fail);
    }

    private void payoutById(RoutingContext ctx) {
        transfers
                .get(MerchantGuard.merchant(ctx).id(), TransferKind.PAYOUT, Queries.pathId(ctx, "Payout"))
                .onSuccess(payout -> Responses.success(ctx, 200, TransferViews.transfer(payout)))
                .onFailure(ctx::fail);
    }

    /**
     * The merchant itself through the API: a refund or payout it asks for at or above its approval threshold waits
     * for an owner or manager in the portal, who is never this actor.
     */
    private static Actor asker(RoutingContext ctx) {
        return Actor.merchant(MerchantGuard.merchant(ctx).id(), ClientAddress.of(ctx));
    }

    /** 201 for a new refund or payout; the same 201 when its Idempotency-Key comes again. */
    private static void answer(RoutingContext ctx, CreatedTransfer created) {
        Responses.success(ctx, 201, TransferViews.transfer(created.transfer()));
    }
}
