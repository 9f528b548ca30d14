package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Tuple;
import io.walletpay.bus.PaymentMessages.TransitionPayment;
import io.walletpay.checkout.ProviderPaymentCheck;
import io.walletpay.checkout.WalletProvider;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Periodically expires pending payments past their {@code expires_at} (with their outbox rows) and purges
 * expired Idempotency-Keys. With a live wallet provider each due payment is checked there first: one the
 * customer paid at the gateway completes instead of expiring.
 *
 * <p>Every store instance (and every process on the same database) has a timer, but a sweep runs as ONE task per
 * database: it starts only when it wins a PostgreSQL session advisory lock, held on one connection for the whole
 * sweep and released after it (or by the server, should that connection die). The losers skip the tick instead of
 * asking the provider about the same payments or fighting over the same rows.
 */
final class ExpirySweep {

    private static final Logger log = LoggerFactory.getLogger(ExpirySweep.class);
    private static final int LIVE_BATCH = 50;

    /** The advisory lock key of the sweep: any constant unique in the service; "wpsweep" in ASCII. */
    static final long LOCK_KEY = 0x7770_7377_6565_70L;

    private final Vertx vertx;
    private final Database database;
    private final PaymentStore payments;
    private final Consumer<Payment> announce;
    private final WalletProvider provider;
    private long timer = -1;
    private boolean running;

    ExpirySweep(
            Vertx vertx,
            Database database,
            PaymentStore payments,
            Consumer<Payment> announce,
            WalletProvider provider) {
        this.vertx = vertx;
        this.database = database;
        this.payments = payments;
        this.announce = announce;
        this.provider = provider;
    }

    void start(Duration interval) {
        timer = vertx.setPeriodic(interval.toMillis(), interval.toMillis(), tick -> sweep());
    }

    void stop() {
        vertx.cancelTimer(timer);
    }

    /** One sweep: batches until a batch comes back short. Overlapping ticks are skipped, not queued. */
    /** One tick; true when this instance held the lock and swept, false when it skipped. Never fails. */
    Future<Boolean> sweep() {
        if (running) {
            return Future.succeededFuture(false);
        }
        running = true;
        return database.transactions()
                .getConnection()
                .compose(connection -> connection
                        .preparedQuery(PaymentSql.TRY_SWEEP_LOCK)
                        .execute(Tuple.of(LOCK_KEY))
                        .compose(rows -> rows.iterator().next().getBoolean(0)
                                ? sweepHoldingTheLock()
                                        .eventually(() -> connection
                                                .preparedQuery(PaymentSql.RELEASE_SWEEP_LOCK)
                                                .execute(Tuple.of(LOCK_KEY)))
                                        .map(true)
                                : Future.succeededFuture(false))
                        .eventually(connection::close))
                .onFailure(failure -> log.warn("expiry sweep failed, retrying next tick: {}", failure.toString()))
                .onComplete(done -> running = false)
                .recover(failed -> Future.succeededFuture(false));
    }

    private Future<Void> sweepHoldingTheLock() {
        return (provider.remote() ? settleWithProvider() : expireBatches()).compose(expired -> purgeKeyBatches());
    }

    private Future<Void> purgeKeyBatches() {
        return payments.purgeExpiredKeys()
                .compose(purged -> purged < PaymentStore.EXPIRY_BATCH ? Future.succeededFuture() : purgeKeyBatches());
    }

    /**
     * Live mode: each due payment is first looked up at the provider. Paid there → completed; declined there →
     * failed with the provider's reason; another amount or order there → flagged for review and expired;
     * unknown there → expired; the provider cannot say → left pending for the next tick (never expired blind).
     */
    private Future<Void> settleWithProvider() {
        return payments.dueForExpiry(LIVE_BATCH).compose(due -> {
            List<Future<?>> settled = due.stream().<Future<?>>map(this::settle).toList();
            return Future.join(settled).<Void>mapEmpty().recover(someFailed -> Future.succeededFuture());
        });
    }

    private Future<Void> settle(Payment payment) {
        return ProviderPaymentCheck.settlement(provider, payment.id(), payment.amount())
                .compose(settled -> (settled.reviewReason() == null
                                ? Future.succeededFuture()
                                : payments.flagForReview(payment.id(), settled.reviewReason(), null))
                        .compose(flagged -> payments.transition(new TransitionPayment(
                                payment.id(),
                                null,
                                settled.target() == null ? PaymentStatus.EXPIRED : settled.target(),
                                settled.transactionId(),
                                settled.failureReason(),
                                settled.payer()))))
                .onSuccess(announce::accept)
                .onFailure(
                        failure -> log.debug("payment {} not settled this tick: {}", payment.id(), failure.toString()))
                .mapEmpty();
    }

    private Future<Void> expireBatches() {
        return payments.expireDue().compose(expired -> {
            expired.forEach(announce);
            if (!expired.isEmpty()) {
                log.info("expired {} pending payments", expired.size());
            }
            return expired.size() < PaymentStore.EXPIRY_BATCH ? Future.succeededFuture() : expireBatches();
        });
    }
}
