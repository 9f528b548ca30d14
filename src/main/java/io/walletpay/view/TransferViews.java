package io.walletpay.view;

import io.vertx.core.json.JsonObject;
import io.walletpay.money.Balance;
import io.walletpay.money.Transfer;
import io.walletpay.money.TransferKind;
import io.walletpay.money.TransferResolution;
import io.walletpay.money.TransferSending;
import io.walletpay.payment.Payment;
import io.walletpay.payment.WalletNumberMask;
import java.time.OffsetDateTime;

/** Refunds, payouts and the balance as the API shows them. */
public final class TransferViews {

    private TransferViews() {}

    public static JsonObject balance(Balance balance) {
        return new JsonObject()
                .put("available", balance.available().toPlainString())
                .put("pending_out", balance.pendingOut().toPlainString())
                .put("payout_phone", WalletNumberMask.mask(balance.payoutPhone()))
                .put("currency", Payment.CURRENCY);
    }

    public static JsonObject transfer(Transfer transfer) {
        JsonObject view = new JsonObject().put("id", transfer.id().toString());
        if (transfer.kind() == TransferKind.REFUND) {
            view.put("payment_id", transfer.paymentId().toString());
        }
        view.put("amount", transfer.amount().toPlainString())
                .put("currency", Payment.CURRENCY)
                .put("status", transfer.status().wireName());
        if (transfer.kind() == TransferKind.REFUND) {
            view.put("reason", transfer.reason());
        } else {
            view.put("receiver", WalletNumberMask.mask(transfer.receiver()));
        }
        return view.put("failure_reason", transfer.failureReason())
                .put("created_at", time(transfer.createdAt()))
                .put("updated_at", time(transfer.updatedAt()));
    }

    /**
     * A transfer as operators see it: what the merchant sees, with the merchant, the whole receiving number (to
     * find it in the business account's history), and how far paying it has come, including whether it is held for
     * review and the operator's last decision.
     */
    public static JsonObject forOperator(Transfer transfer) {
        TransferSending sending = transfer.sending();
        TransferResolution resolution = sending.resolution();
        return new JsonObject()
                .put("id", transfer.id().toString())
                .put("kind", transfer.kind().wireName())
                .put("merchant_id", transfer.merchantId().toString())
                .put(
                        "payment_id",
                        transfer.paymentId() == null
                                ? null
                                : transfer.paymentId().toString())
                .put("amount", transfer.amount().toPlainString())
                .put("currency", Payment.CURRENCY)
                .put("receiver", transfer.receiver())
                .put("status", transfer.status().wireName())
                .put("needs_review", sending.needsReview())
                .put("failure_reason", transfer.failureReason())
                .put("provider_transaction_id", transfer.providerTransactionId())
                .put("attempts", sending.attempts())
                .put("sends", sending.sends())
                .put("sent_at", sending.sentAt() == null ? null : time(sending.sentAt()))
                .put("last_error", sending.lastError())
                .put(
                        "resolution",
                        resolution == null
                                ? null
                                : new JsonObject()
                                        .put("outcome", resolution.outcome().wireName())
                                        .put("note", resolution.note())
                                        .put("resolved_at", time(resolution.at())))
                .put("created_at", time(transfer.createdAt()))
                .put("updated_at", time(transfer.updatedAt()));
    }

    private static String time(OffsetDateTime at) {
        return Timestamps.format(at);
    }
}
