package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Tuple;
import io.walletpay.bus.PaymentMessages.TransitionPayment;
import io.walletpay.checkout.WalletProvider;
import io.walletpay.payment.Payment;
import io.walletpay.usecase.ExpirePayments;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The timer of {@link ExpirePayments} (what expiring means lives there).
 *
 * <p>Every store instance (and every process on the same database) has a timer, but a sweep runs as ONE task per
 * database: it starts only when it wins a PostgreSQL session advisory lock, held on one connection for the whole
 * sweep and released after it (or by the server, should that connection die). The losers skip the tick instead of
 * asking the provider about the same payments or fighting over the same rows.
 */
final class ExpirySweep {

    private static final Logger log = LoggerFactory.getLogger(ExpirySweep.class);

    /** The advisory lock key of the sweep: any constant unique in the service; "wpsweep" in ASCII. */
    static final long LOCK_KEY = 0x7770_7377_6565_70L;

    private final Vertx vertx;
    private final Database database;
    private final ExpirePayments expirePayments;
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
        this.expirePayments = new ExpirePayments(port(payments), provider, announce);
    }

    void start(Duration interval) {
        timer = vertx.setPeriodic(interval.toMillis(), interval.toMillis(), tick -> sweep());
    }

    void stop() {
        vertx.cancelTimer(timer);
    }

    /** One tick, overlapping ticks skipped, not queued; true when this instance held the lock and swept, false when it skipped. Never fails. */
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
        return expirePayments.sweep();
    }

    /** The payment store as the use case sees it: the same instance, called directly (no bus hop to itself). */
    private static ExpirePayments.Payments port(PaymentStore payments) {
        return new ExpirePayments.Payments() {
            @Override
            public Future<List<Payment>> expireDue() {
                return payments.expireDue();
            }

            @Override
            public Future<List<Payment>> dueForExpiry(int limit) {
                return payments.dueForExpiry(limit);
            }

            @Override
            public Future<Integer> purgeExpiredKeys() {
                return payments.purgeExpiredKeys();
            }

            @Override
            public Future<Boolean> flagForReview(UUID paymentId, String reason, String providerTransactionId) {
                return payments.flagForReview(paymentId, reason, providerTransactionId);
            }

            @Override
            public Future<Payment> transition(TransitionPayment command) {
                return payments.transition(command);
            }

            @Override
            public int batchSize() {
                return PaymentStore.EXPIRY_BATCH;
            }
        };
    }
}
