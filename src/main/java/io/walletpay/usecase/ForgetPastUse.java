package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.store.PortalSessionStore.Lifetimes;
import io.walletpay.store.RetentionStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Forgetting rows past their use, so the tables that only serve a while do not grow with the years: portal sessions
 * that ended, and webhook attempts older than {@link #ATTEMPTS_KEPT} (a delivery keeps its attempt count, last
 * status and last error; the attempts' own lines are for looking into a recent failure). Each batch is one bounded
 * statement of at most {@link #BATCH} rows, and a run makes at most {@link #BATCHES_PER_RUN} of each kind, so a
 * backlog (a deployment upgraded with months of attempts) is worked off over successive runs without holding the
 * database; once caught up, runs are at most one every other sweep, and at most one a {@link #EVERY}.
 */
public final class ForgetPastUse {

    private static final Logger log = LoggerFactory.getLogger(ForgetPastUse.class);

    static final int BATCH = 1_000;
    static final int BATCHES_PER_RUN = 10;
    static final Duration ATTEMPTS_KEPT = Duration.ofDays(30);
    static final Duration EVERY = Duration.ofMinutes(1);

    private final RetentionStore rows;
    private final Lifetimes sessions;
    private final Clock clock;
    private final Duration every;
    private Instant lastRun = Instant.MIN;
    private boolean behind;

    public ForgetPastUse(RetentionStore rows, Lifetimes sessions, Clock clock) {
        this(rows, sessions, clock, EVERY);
    }

    /** @param every how long a caught-up run waits for the next (a backlog goes on at the next sweep) */
    public ForgetPastUse(RetentionStore rows, Lifetimes sessions, Clock clock, Duration every) {
        this.rows = rows;
        this.sessions = sessions;
        this.clock = clock;
        this.every = every;
    }

    /**
     * The wait between caught-up runs for a sweep of {@code sweepInterval}: every other sweep, at most a minute, so a
     * deployment sweeping often (a benchmark, a test) forgets as soon as rows pass their use.
     */
    public static Duration every(Duration sweepInterval) {
        Duration twice = sweepInterval.multipliedBy(2);
        return twice.compareTo(EVERY) < 0 ? twice : EVERY;
    }

    /** A run if the last one is at least {@code every} old or left a backlog; how many rows it forgot. Never fails. */
    public Future<Integer> whenDue() {
        Instant now = clock.instant();
        if (!behind && lastRun.plus(every).isAfter(now)) {
            return Future.succeededFuture(0);
        }
        lastRun = now;
        return run().recover(failure -> {
            log.debug("rows past their use not forgotten this run: {}", failure.getMessage());
            return Future.succeededFuture(0);
        });
    }

    /** One run: ended sessions, then old attempts, each in batches until one comes back short or the run's share is spent. */
    public Future<Integer> run() {
        Instant attemptsBefore = clock.instant().minus(ATTEMPTS_KEPT);
        Progress sessionsForgotten = new Progress();
        Progress attemptsForgotten = new Progress();
        return batches(() -> rows.forgetEndedSessions(sessions, BATCH), sessionsForgotten)
                .compose(done -> batches(() -> rows.forgetAttemptsBefore(attemptsBefore, BATCH), attemptsForgotten))
                .map(done -> {
                    behind = sessionsForgotten.full || attemptsForgotten.full;
                    int forgotten = sessionsForgotten.rows + attemptsForgotten.rows;
                    if (forgotten > 0) {
                        log.debug(
                                "forgot {} ended sessions and {} old webhook attempts",
                                sessionsForgotten.rows,
                                attemptsForgotten.rows);
                    }
                    return forgotten;
                });
    }

    /** What one kind's batches did this run. */
    private static final class Progress {
        int batches;
        int rows;
        boolean full;
    }

    private static Future<Void> batches(Supplier<Future<Integer>> batch, Progress progress) {
        return batch.get().compose(forgotten -> {
            progress.batches++;
            progress.rows += forgotten;
            progress.full = forgotten >= BATCH;
            return progress.full && progress.batches < BATCHES_PER_RUN
                    ? batches(batch, progress)
                    : Future.succeededFuture();
        });
    }
}
