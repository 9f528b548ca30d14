package io.walletpay.http;

import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.json.JsonInput;
import io.walletpay.usecase.TestPayments;
import io.walletpay.view.PaymentViews;
import java.util.Set;

/**
 * {@code /api/merchant/test/**}: test mode's helpers, paying or expiring a test payment by API ({@link TestPayments},
 * which answers a live token 404).
 */
final class TestHelperRoutes {

    private static final Set<String> PAY_FIELDS = Set.of("phone");

    private final TestPayments helpers;

    TestHelperRoutes(TestPayments helpers) {
        this.helpers = helpers;
    }

    void mount(Router router) {
        router.post("/api/merchant/test/payments/:id/pay").handler(this::pay);
        router.post("/api/merchant/test/payments/:id/expire").handler(this::expire);
    }

    private void pay(RoutingContext ctx) {
        var merchant = MerchantGuard.merchant(ctx);
        var id = Queries.pathId(ctx, "Payment");
        String phone = JsonInput.parseObject(Bodies.json(ctx), PAY_FIELDS).requiredText("phone", 32);
        helpers.pay(merchant, id, phone)
                .onSuccess(payment -> Responses.success(ctx, 200, PaymentViews.full(payment)))
                .onFailure(ctx::fail);
    }

    private void expire(RoutingContext ctx) {
        helpers.expire(MerchantGuard.merchant(ctx), Queries.pathId(ctx, "Payment"))
                .onSuccess(payment -> Responses.success(ctx, 200, PaymentViews.full(payment)))
                .onFailure(ctx::fail);
    }
}
