package io.walletpay.view;

import io.vertx.core.json.JsonObject;
import io.walletpay.payment.PaymentLink;
import java.math.BigDecimal;

/** How a payment link looks in API answers. */
public final class PaymentLinkViews {

    private PaymentLinkViews() {}

    /** The link resource; {@code url} is where customers open it. */
    public static JsonObject full(PaymentLink link, String url) {
        return new JsonObject()
                .put("id", link.id().toString())
                .put("url", url)
                .put("amount", money(link.amount()))
                .put("min_amount", money(link.minAmount()))
                .put("currency", io.walletpay.payment.Payment.CURRENCY)
                .put("description", link.description())
                .put("reference_id", link.referenceId())
                .put("expires_at", Timestamps.format(link.expiresAt()))
                .put("max_payments", link.maxPayments())
                .put("active", link.active())
                .put("payments_count", link.paymentsCount())
                .put("amount_collected", money(link.amountCollected()))
                .put("created_at", Timestamps.format(link.createdAt()));
    }

    private static String money(BigDecimal value) {
        return value == null ? null : value.toPlainString();
    }
}
