package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import io.walletpay.json.NewIdentifiers;
import io.walletpay.payment.Payment;
import io.walletpay.webhook.DueDelivery;
import io.walletpay.webhook.EventType;
import io.walletpay.webhook.WebhookBody;
import io.walletpay.webhook.WebhookEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * Writes the webhook outbox row of a payment's transition, on the transaction's connection, so the event exists
 * exactly when the status change does. The body is built here, once; every attempt later sends these bytes.
 *
 * <p>Where this JVM runs a webhook sender, the rows are written already leased to it, and once the transaction
 * has committed they are handed to it directly: the first attempt goes out without a claim (no extra statement,
 * no extra commit, no wait for the sender's next claim). Should the JVM die before the attempt is recorded, the
 * lease runs out and any sender claims the row, as for a claimed row. Without a local sender the rows are written
 * unleased and the senders claim them.
 */
final class Outbox {

    /** Rows written unleased, for the senders to claim. */
    static final Outbox UNLEASED = new Outbox(0, leased -> {});

    /** What a transaction answers together with the outbox rows it leased, until it has committed. */
    record Written<T>(T answer, List<DueDelivery> leased) {}

    private final int leaseSeconds;
    private final Consumer<List<DueDelivery>> handOff;

    private Outbox(int leaseSeconds, Consumer<List<DueDelivery>> handOff) {
        this.leaseSeconds = leaseSeconds;
        this.handOff = handOff;
    }

    /** Rows leased for {@code leaseSeconds} and given to {@code handOff} once committed (never called empty). */
    static Outbox leasedTo(int leaseSeconds, Consumer<List<DueDelivery>> handOff) {
        if (leaseSeconds < 1) {
            throw new IllegalArgumentException("leaseSeconds must be at least 1");
        }
        return new Outbox(leaseSeconds, handOff);
    }

    /** Whether committed rows go straight to a sender here, so no sender needs waking to claim them. */
    boolean handsOver() {
        return leaseSeconds > 0;
    }

    /** Writes the outbox rows of {@code changed} on the transaction; the answer travels with the leased rows. */
    <T> Future<Written<T>> record(SqlConnection transaction, List<Payment> changed, T answer) {
        return record(transaction, changed, java.util.Collections.nCopies(changed.size(), null), answer);
    }

    /**
     * As {@link #record(SqlConnection, List, Object)}, each row keeping the {@code traceparent} of the request that
     * changed its payment (in the same order; null where none was traced), so its attempts continue that trace.
     */
    <T> Future<Written<T>> record(
            SqlConnection transaction, List<Payment> changed, List<String> traceparents, T answer) {
        if (changed.isEmpty()) {
            return Future.succeededFuture(new Written<>(answer, List.of()));
        }
        int n = changed.size();
        UUID[] ids = new UUID[n];
        UUID[] merchants = new UUID[n];
        UUID[] payments = new UUID[n];
        String[] events = new String[n];
        String[] bodies = new String[n];
        String[] traces = traceparents.toArray(new String[n]);
        for (int i = 0; i < n; i++) {
            Payment payment = changed.get(i);
            ids[i] = NewIdentifiers.next();
            merchants[i] = payment.merchantId();
            payments[i] = payment.id();
            events[i] = EventType.ofPayment(payment.status().wireName()).wireName();
            bodies[i] = body(payment);
        }
        // one statement whatever the count (a sweep's batch, a group commit's, the endpoints each event goes to): one
        // round trip, not one per row
        Tuple rows = Tuple.of(ids, merchants, payments, events, bodies, traces);
        if (!handsOver()) {
            return transaction
                    .preparedQuery(OutboxSql.INSERT)
                    .execute(rows)
                    .compose(inserted -> written(inserted.rowCount(), n, new Written<>(answer, List.of())));
        }
        return transaction
                .preparedQuery(OutboxSql.INSERT_LEASED)
                .execute(rows.addInteger(leaseSeconds))
                .compose(inserted -> {
                    List<DueDelivery> leased = new ArrayList<>(n);
                    inserted.forEach(row -> leased.add(due(row)));
                    return written(leased.size(), n, new Written<>(answer, leased));
                });
    }

    /** The answer of a committed transaction; its leased rows go to the sender now, not before the commit. */
    <T> Future<T> committed(Future<Written<T>> transaction) {
        return transaction.map(written -> {
            if (!written.leased().isEmpty()) {
                handOff.accept(written.leased());
            }
            return written.answer();
        });
    }

    /** At least one row per event: one for each endpoint that takes it (see {@link OutboxSql}). */
    private static <T> Future<Written<T>> written(int count, int expected, Written<T> written) {
        return count >= expected
                ? Future.succeededFuture(written)
                : Future.failedFuture(new IllegalStateException("outbox wrote " + count + " of " + expected));
    }

    /** A leased row as the sender needs it: the same columns {@code DeliverySql.CLAIM_DUE} answers. */
    static DueDelivery due(Row row) {
        return new DueDelivery(
                row.getUUID("id"),
                row.getUUID("merchant_id"),
                row.getString("body"),
                row.getInteger("attempts"),
                row.getInteger("schedule_from"),
                row.getInteger("redeliveries"),
                row.getOffsetDateTime("lease_until"),
                row.getOffsetDateTime("created_at"),
                row.getString("webhook_url"),
                row.getString("webhook_secret"),
                row.getString("previous_webhook_secret"),
                row.getString("traceparent"));
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
                        payment.updatedAt(),
                        payment.paymentLinkId(),
                        payment.shortCode(),
                        payment.livemode()))
                .json();
    }
}
