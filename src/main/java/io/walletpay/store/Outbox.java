package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import io.walletpay.payment.Payment;
import io.walletpay.webhook.WebhookBody;
import io.walletpay.webhook.WebhookEvent;
import java.util.List;
import java.util.UUID;

/**
 * Writes the webhook outbox row of a payment's transition, on the transaction's connection, so the event exists
 * exactly when the status change does. The body is built here, once; every attempt later sends these bytes.
 */
final class Outbox {

    private Outbox() {}

    static Future<Void> record(SqlConnection transaction, List<Payment> changed) {
        if (changed.isEmpty()) {
            return Future.succeededFuture();
        }
        int n = changed.size();
        UUID[] ids = new UUID[n];
        UUID[] merchants = new UUID[n];
        UUID[] payments = new UUID[n];
        String[] events = new String[n];
        String[] bodies = new String[n];
        for (int i = 0; i < n; i++) {
            Payment payment = changed.get(i);
            ids[i] = UUID.randomUUID();
            merchants[i] = payment.merchantId();
            payments[i] = payment.id();
            events[i] = WebhookBody.EVENT;
            bodies[i] = body(payment);
        }
        // one statement whatever the count (a sweep's batch, a group commit's): one round trip, not one per row
        return transaction
                .preparedQuery(OutboxSql.INSERT)
                .execute(Tuple.of(ids, merchants, payments, events, bodies))
                .compose(inserted -> inserted.rowCount() == n
                        ? Future.<Void>succeededFuture()
                        : Future.failedFuture(
                                new IllegalStateException("outbox wrote " + inserted.rowCount() + " of " + n)));
    }

    static String body(Payment payment) {
        return WebhookBody.of(new WebhookEvent(
                        payment.id(),
                        payment.referenceId(),
                        payment.status().wireName(),
                        payment.amount(),
                        payment.fees(),
                        payment.netAmount(),
                        payment.customerName(),
                        payment.customerEmail(),
                        payment.updatedAt()))
                .json();
    }
}
