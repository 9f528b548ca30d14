package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import io.walletpay.payment.Payment;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link PaymentExpiryStore} on PostgreSQL: due payments expired in batches with their outbox rows (the same
 * outbox as {@link PaymentTransitions}), or read for the sweep to ask the provider first; expired keys purged.
 */
final class PgPaymentExpiryStore implements PaymentExpiryStore {

    private final Database database;
    private final PaymentTransitions transitions;

    PgPaymentExpiryStore(Database database, PaymentTransitions transitions) {
        this.database = database;
        this.transitions = transitions;
    }

    @Override
    public Future<List<Payment>> expireDue() {
        Outbox outbox = transitions.outbox();
        return outbox.committed(database.transactions().withTransaction(connection -> connection
                        .preparedQuery(PaymentSql.EXPIRE_DUE)
                        .execute(Tuple.of(EXPIRY_BATCH))
                        .compose(rows -> {
                            List<Payment> expired = new ArrayList<>();
                            rows.forEach(row -> expired.add(PaymentRow.toPayment(row)));
                            return outbox.record(connection, expired, expired);
                        })))
                .onSuccess(expired -> expired.forEach(transitions::announce));
    }

    @Override
    public Future<List<Payment>> dueForExpiry(int limit, Payment after) {
        return database.statements()
                .preparedQuery(PaymentSql.DUE_FOR_EXPIRY)
                .execute(Tuple.of(limit, after == null ? null : after.expiresAt(), after == null ? null : after.id()))
                .map(rows -> {
                    List<Payment> due = new ArrayList<>();
                    rows.forEach(row -> due.add(PaymentRow.toPayment(row)));
                    return due;
                });
    }

    @Override
    public Future<Integer> purgeExpiredKeys() {
        return database.statements()
                .preparedQuery(PaymentSql.PURGE_EXPIRED_KEYS)
                .execute(Tuple.of(EXPIRY_BATCH))
                .map(RowSet::rowCount);
    }
}
