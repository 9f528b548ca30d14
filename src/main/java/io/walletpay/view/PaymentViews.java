package io.walletpay.view;

import io.vertx.core.json.JsonObject;
import io.walletpay.json.JsonOutput;
import io.walletpay.payment.NewPayment;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.payment.WalletNumberMask;
import java.time.OffsetDateTime;

/** How a payment looks in API answers: the create answer (its short form) and the full resource. */
public final class PaymentViews {

    private PaymentViews() {}

    /** The 201 answer of a payment about to be stored (so always pending); replays send it byte for byte. */
    public static JsonObject created(NewPayment payment) {
        return new JsonObject()
                .put("id", payment.id().toString())
                .put("short_code", payment.shortCode())
                .put("reference_id", payment.request().referenceId())
                .put("amount", payment.charge().amount().toPlainString())
                .put("status", PaymentStatus.PENDING.wireName())
                .put("redirect_url", payment.redirectUrl())
                .put("currency", Payment.CURRENCY)
                .put("created_at", time(payment.createdAt()))
                .put("expires_at", time(payment.expiresAt()))
                .put("livemode", payment.livemode());
    }

    public static JsonObject full(Payment payment) {
        return new JsonObject()
                .put("id", payment.id().toString())
                .put("short_code", payment.shortCode())
                .put("reference_id", payment.referenceId())
                .put("amount", payment.amount().toPlainString())
                .put("fees", payment.fees().toPlainString())
                .put("net_amount", payment.netAmount().toPlainString())
                .put("currency", Payment.CURRENCY)
                .put("status", payment.status().wireName())
                .put("payment_method", Payment.METHOD)
                .put("customer_name", payment.customerName())
                .put("customer_email", payment.customerEmail())
                .put("description", payment.description())
                .put("redirect_url", payment.redirectUrl())
                .put("created_at", time(payment.createdAt()))
                .put("updated_at", time(payment.updatedAt()))
                .put("completed_at", time(payment.completedAt()))
                .put("expires_at", time(payment.expiresAt()))
                .put("provider_transaction_id", payment.providerTransactionId())
                .put("payer", WalletNumberMask.mask(payment.payer()))
                .put("failure_reason", payment.failureReason())
                .put("needs_review", payment.needsReview())
                .put("amount_refunded", payment.amountRefunded().toPlainString())
                .put(
                        "payment_link_id",
                        payment.paymentLinkId() == null
                                ? null
                                : payment.paymentLinkId().toString())
                .put("livemode", payment.livemode());
    }

    /** The success envelope around {@code data}, as text: what is sent and, for Idempotency-Key, stored. */
    public static String envelope(JsonObject data) {
        return JsonOutput.text(new JsonObject().put("success", true).put("data", data));
    }

    private static String time(OffsetDateTime at) {
        return Timestamps.format(at);
    }
}
