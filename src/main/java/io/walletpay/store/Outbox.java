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
        List<Tuple> rows = changed.stream()
                .map(payment -> Tuple.of(
                        UUID.randomUUID(), payment.merchantId(), payment.id(), WebhookBody.EVENT, body(payment)))
                .toList();
        return transaction.preparedQuery(OutboxSql.INSERT).executeBatch(rows).mapEmpty();
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
