package io.walletpay.view;

import io.vertx.core.json.JsonObject;
import io.walletpay.money.BooksCheck;
import io.walletpay.money.ReconciliationRun;
import io.walletpay.payment.Payment;
import java.math.BigDecimal;

/** Reconciliation runs as the admin API shows them; amounts as strings with two decimals, a drift may be negative. */
public final class BooksViews {

    private BooksViews() {}

    public static JsonObject run(ReconciliationRun run) {
        BooksCheck check = run.check();
        return new JsonObject()
                .put("id", run.id().toString())
                .put("ran_at", Timestamps.format(run.ranAt()))
                .put("trigger", run.trigger().wireName())
                .put("currency", Payment.CURRENCY)
                .put("opening_balance", amount(check.openingBalance()))
                .put("completed_payments", amount(check.completedPayments()))
                .put("succeeded_transfers", amount(check.succeededTransfers()))
                .put("expected", amount(check.expected()))
                .put("reported", amount(check.reported()))
                .put("drift", amount(check.drift()))
                .put("in_flight", outstanding(check.inFlight()))
                .put("in_review", outstanding(check.inReview()))
                .put("error", run.error());
    }

    private static JsonObject outstanding(BooksCheck.Outstanding transfers) {
        return new JsonObject().put("count", transfers.count()).put("amount", amount(transfers.amount()));
    }

    private static String amount(BigDecimal value) {
        return value == null ? null : value.toPlainString();
    }
}
