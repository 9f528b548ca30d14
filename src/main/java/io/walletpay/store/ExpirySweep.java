package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Tuple;
import java.time.Duration;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The timer of the expiry sweep it is given (what expiring means lives in its use case).
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
    private final Supplier<Future<Void>> expiry;
    private long timer = -1;
    private boolean running;
    private boolean failing;

    /** @param expiry one sweep, run only while this instance holds the lock */
    ExpirySweep(Vertx vertx, Database database, Supplier<Future<Void>> expiry) {
        this.vertx = vertx;
        this.database = database;
        this.expiry = expiry;
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
                .onComplete(done -> {
                    running = false;
                    sayHowItWent(done.failed() ? done.cause() : null);
                })
                .recover(failed -> Future.succeededFuture(false));
    }

    /** One WARN when sweeps start failing (an outage), one INFO when one runs again: not a line per tick. */
    private void sayHowItWent(Throwable failure) {
        if (failure == null) {
            if (failing) {
                failing = false;
                log.info("expiry sweep running again");
            }
        } else if (!failing) {
            failing = true;
            log.warn("expiry sweep failed, retrying each tick until it runs: {}", failure.toString());
        } else {
            log.debug("expiry sweep failed again: {}", failure.toString());
        }
    }

    private Future<Void> sweepHoldingTheLock() {
        return expiry.get();
    }
}
