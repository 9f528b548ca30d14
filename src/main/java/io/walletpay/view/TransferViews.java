package io.walletpay.view;

import io.vertx.core.json.JsonObject;
import io.walletpay.money.Balance;
import io.walletpay.money.Transfer;
import io.walletpay.money.TransferKind;
import io.walletpay.payment.Payment;
import java.time.OffsetDateTime;

/** Refunds, payouts and the balance as the API shows them. */
public final class TransferViews {

    private TransferViews() {}

    public static JsonObject balance(Balance balance) {
        return new JsonObject()
                .put("available", balance.available().toPlainString())
                .put("pending_out", balance.pendingOut().toPlainString())
                .put("payout_phone", PaymentViews.maskedPayer(balance.payoutPhone()))
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
            view.put("receiver", PaymentViews.maskedPayer(transfer.receiver()));
        }
        return view.put("failure_reason", transfer.failureReason())
                .put("created_at", time(transfer.createdAt()))
                .put("updated_at", time(transfer.updatedAt()));
    }

    private static String time(OffsetDateTime at) {
        return Timestamps.format(at);
    }
}
