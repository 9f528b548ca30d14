package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.checkout.WalletProviders;
import io.walletpay.json.NewIdentifiers;
import io.walletpay.money.BooksCheck;
import io.walletpay.money.Ledger;
import io.walletpay.money.ReconciliationRun;
import io.walletpay.money.ReconciliationRun.Trigger;
import io.walletpay.store.BooksStore;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Comparator;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks the books: what the provider reports the business account holds against what the ledger says it should
 * ({@link BooksCheck}), each run kept. Also knows the newest run of any node, for the drift metric: one instance per
 * JVM, shared by the HTTP verticles (an operator's run) and the schedule.
 *
 * <p>The ledger is read before the provider is asked. A transfer that settles in between is then still pending in
 * the figures, so the drift it causes is shown with a transfer in flight beside it, never as a drift with nothing
 * in flight (which is what calls for an operator).
 */
public final class ReconcileBooks {

    private static final Logger log = LoggerFactory.getLogger(ReconcileBooks.class);

    /** How often the books are checked on schedule, by one node or another. */
    public static final Duration EVERY = Duration.ofHours(1);

    /**
     * How often a node that runs the schedule looks whether a run is due. A run is due when no scheduled run was kept
     * in the last {@link #EVERY} less this, so the books are checked every 55 to 60 minutes whichever nodes are up.
     */
    public static final Duration LOOK_EVERY = Duration.ofMinutes(5);

    private static final Comparator<ReconciliationRun> NEWEST =
            Comparator.comparing(ReconciliationRun::ranAt).thenComparing(ReconciliationRun::id);

    private final BooksStore books;
    private final WalletProviders providers;
    private final BigDecimal openingBalance;
    private final AtomicReference<ReconciliationRun> newest = new AtomicReference<>();

    /** @param openingBalance what the business account held when walletpay began to use it */
    public ReconcileBooks(BooksStore books, WalletProviders providers, BigDecimal openingBalance) {
        this.books = books;
        this.providers = providers;
        this.openingBalance = openingBalance;
    }

    /** One run now, kept and logged; a provider that cannot be asked gives a run with its error, not a failure. */
    public Future<ReconciliationRun> run(Trigger trigger) {
        return books.ledger()
                .compose(ledger -> providers
                        .current()
                        .balance()
                        .transform(asked -> asked.succeeded()
                                ? books.keep(NewIdentifiers.next(), trigger, check(ledger, asked.result()), null)
                                : books.keep(
                                        NewIdentifiers.next(), trigger, check(ledger, null), describe(asked.cause()))))
                .onSuccess(run -> {
                    noted(run);
                    logged(run);
                });
    }

    /**
     * The schedule's run, unless a scheduled run was kept (by this node or another) less than an hour ago, less a
     * look: then nothing runs, the answer is null, and the newest run is read for the metric instead. Two nodes that
     * look at the same moment may both run: a second run an hour is harmless, it only keeps one more row.
     */
    public Future<ReconciliationRun> onSchedule() {
        return books.scheduledWithin(EVERY.minus(LOOK_EVERY))
                .compose(recent -> recent ? refresh().map(read -> null) : run(Trigger.SCHEDULE));
    }

    /** Reads the newest kept run of any node, for the metric. */
    public Future<Void> refresh() {
        return books.latest().onSuccess(this::noted).mapEmpty();
    }

    /** The newest run's drift in HTG, for the metric: NaN when the provider did not say, or before any run. */
    public double lastDrift() {
        ReconciliationRun run = newest.get();
        BigDecimal drift = run == null ? null : run.check().drift();
        return drift == null ? Double.NaN : drift.doubleValue();
    }

    private BooksCheck check(Ledger ledger, BigDecimal reported) {
        return new BooksCheck(
                openingBalance,
                ledger.completedPayments(),
                ledger.succeededTransfers(),
                reported,
                ledger.inFlight(),
                ledger.inReview());
    }

    /** Keeps {@code run} if it is newer than the one known: runs and reads finish in any order. */
    private void noted(ReconciliationRun run) {
        if (run != null) {
            newest.accumulateAndGet(
                    run, (known, seen) -> known == null || NEWEST.compare(seen, known) > 0 ? seen : known);
        }
    }

    private static void logged(ReconciliationRun run) {
        BooksCheck check = run.check();
        if (run.error() != null) {
            log.warn("books not checked: the provider's balance could not be read: {}", run.error());
        } else if (check.reported() == null) {
            log.debug("books not checked: the provider does not report a balance");
        } else if (check.unexplainedDrift()) {
            log.warn(
                    "books drift {} HTG: the provider reports {} HTG, the ledger expects {} HTG, and no transfer is"
                            + " in flight or in review (run {})",
                    check.drift().toPlainString(),
                    check.reported().toPlainString(),
                    check.expected().toPlainString(),
                    run.id());
        } else if (check.drift().signum() != 0) {
            log.info(
                    "books drift {} HTG while transfers settle: {} in flight ({} HTG), {} in review ({} HTG) (run {})",
                    check.drift().toPlainString(),
                    check.inFlight().count(),
                    check.inFlight().amount().toPlainString(),
                    check.inReview().count(),
                    check.inReview().amount().toPlainString(),
                    run.id());
        } else {
            log.info("books balance: {} HTG (run {})", check.expected().toPlainString(), run.id());
        }
    }

    private static String describe(Throwable failure) {
        String message = failure.getMessage();
        return message == null || message.isBlank() ? failure.getClass().getSimpleName() : message;
    }
}
