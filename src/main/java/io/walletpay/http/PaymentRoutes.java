package io.walletpay.http;

import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.error.ServiceException;
import io.walletpay.payment.CreatePaymentRequest;
import io.walletpay.payment.ListPayments;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.payment.ShortCode;
import io.walletpay.payment.StoredResponse;
import io.walletpay.store.Stores;
import io.walletpay.usecase.CancelPayment;
import io.walletpay.usecase.CreatePayment;
import io.walletpay.view.PaymentViews;
import java.util.UUID;

/** {@code /api/merchant/payments}: create, retrieve, list and cancel, always within the token's merchant. */
final class PaymentRoutes {

    static final int MAX_IDEMPOTENCY_KEY = 255;
    private static final int MAX_REFERENCE = 100;

    private final Stores stores;
    private final CreatePayment intake;
    private final CreateRateLimiter rateLimiter;
    private final CancelPayment cancellation;

    PaymentRoutes(Stores stores, CreatePayment intake, CreateRateLimiter rateLimiter, CancelPayment cancellation) {
        this.stores = stores;
        this.intake = intake;
        this.rateLimiter = rateLimiter;
        this.cancellation = cancellation;
    }

    void mount(Router router) {
        router.post("/api/merchant/payments/wallet/").handler(this::create);
        router.post("/api/merchant/payments/wallet").handler(this::create);
        // the create paths accept POST only: without these, GET …/wallet/ would reach GET …/:id as "Payment not found"
        router.route("/api/merchant/payments/wallet/").handler(AllowedMethods::postOnly);
        router.route("/api/merchant/payments/wallet").handler(AllowedMethods::postOnly);
        router.get("/api/merchant/payments").handler(this::list);
        router.get("/api/merchant/payments/:id").handler(this::get);
        router.post("/api/merchant/payments/:id/cancel").handler(this::cancel);
    }

    private void create(RoutingContext ctx) {
        var merchant = MerchantGuard.merchant(ctx);
        // cluster-wide when clustered: an asynchronous hop to the bucket's owner (CreateRateLimiter)
        rateLimiter
                .acquire(merchant.id())
                .compose(allowed -> {
                    String key = idempotencyKey(ctx);
                    CreatePaymentRequest request = CreatePaymentRequest.parse(Bodies.json(ctx), intake.limits());
                    return intake.create(merchant, request, key);
                })
                .onSuccess(answer -> send(ctx, answer))
                .onFailure(ctx::fail);
    }

    private void get(RoutingContext ctx) {
        UUID merchantId = MerchantGuard.merchant(ctx).id();
        stores.payments()
                .get(merchantId, Queries.pathId(ctx, "Payment"))
                .onSuccess(payment -> Responses.success(ctx, 200, PaymentViews.full(payment)))
                .onFailure(ctx::fail);
    }

    private void list(RoutingContext ctx) {
        String status = Queries.text(ctx, "status", 20);
        PaymentStatus filter = status == null
                ? null
                : PaymentStatus.fromWire(status)
                        .orElseThrow(() -> ServiceException.invalid(
                                "status", "status must be one of pending, completed, failed, cancelled, expired"));
        String reference = Queries.text(ctx, "reference_id", MAX_REFERENCE);
        String typedCode = Queries.text(ctx, "short_code", MAX_REFERENCE);
        String shortCode = typedCode == null
                ? null
                : ShortCode.read(typedCode)
                        .orElseThrow(() -> ServiceException.invalid(
                                "short_code",
                                "short_code must look like WP-7K3M9Q2X (8 letters and digits after WP-)"));
        if (reference != null && shortCode != null) {
            throw ServiceException.invalid("short_code", "filter by reference_id or by short_code, not both");
        }
        PageCursor cursor = Queries.cursor(ctx);
        ListPayments query = new ListPayments(
                MerchantGuard.merchant(ctx).id(),
                reference,
                filter,
                Queries.time(ctx, "created_gte"),
                Queries.time(ctx, "created_lt"),
                Queries.limit(ctx),
                cursor.startingAfter(),
                Queries.uuid(ctx, "payment_link_id"),
                shortCode,
                cursor.endingBefore());
        stores.payments()
                .list(query)
                .onSuccess(page -> Responses.page(ctx, page.payments(), PaymentViews::full, page.hasMore()))
                .onFailure(ctx::fail);
    }

    /**
     * Cancels a pending payment. With a live provider the provider is asked first: if the customer has already
     * paid there, the payment completes instead and the cancel answers 409 (it can no longer be cancelled).
     */
    private void cancel(RoutingContext ctx) {
        cancellation
                .cancel(MerchantGuard.merchant(ctx).id(), Queries.pathId(ctx, "Payment"))
                .onSuccess(payment -> Responses.success(ctx, 200, PaymentViews.full(payment)))
                .onFailure(ctx::fail);
    }

    static String idempotencyKey(RoutingContext ctx) {
        String key = ctx.request().getHeader("Idempotency-Key");
        if (key == null) {
            return null;
        }
        if (key.isBlank() || key.length() > MAX_IDEMPOTENCY_KEY || !key.chars().allMatch(c -> c >= 0x21 && c <= 0x7e)) {
            throw ServiceException.invalid(
                    "idempotency_key",
                    "Idempotency-Key must be 1 to " + MAX_IDEMPOTENCY_KEY + " visible ASCII characters");
        }
        return key;
    }

    private static void send(RoutingContext ctx, StoredResponse answer) {
        ctx.response()
                .setStatusCode(answer.status())
                .putHeader("Content-Type", "application/json; charset=utf-8")
                .putHeader("Cache-Control", "no-store")
                .end(answer.body());
    }
}
