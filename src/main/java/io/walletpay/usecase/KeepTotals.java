package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.page.PageText;
import io.walletpay.report.ClosedThrough;
import io.walletpay.store.ReportStore;
import io.walletpay.store.TransferStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeping the sums of history that can no longer change, so what the portal and the balance read does not grow with
 * the history: each merchant's ledger entries up to a cut (a balance adds only the entries after it, at most
 * {@link #LEDGER_ENTRIES_PER_RUN} more a run), and the totals of closed days (the overview reads them instead of their
 * payments). A
 * Haitian day closes once it ended more than {@link #SETTLED} ago (a create that began before midnight has then
 * committed) and none of its payments is pending; a terminal status never changes, so its totals are final. Each
 * run closes at most {@link #DAYS_PER_RUN} days, the merchants furthest behind first, so a history of years is
 * caught up over many runs without holding the database; runs are at most one a {@link #EVERY} once caught up.
 */
public final class KeepTotals {

    private static final Logger log = LoggerFactory.getLogger(KeepTotals.class);

    static final Duration SETTLED = Duration.ofHours(1);
    static final Duration EVERY = Duration.ofMinutes(1);
    static final int DAYS_PER_RUN = 200;
    static final int MERCHANTS_PER_RUN = 100;
    static final int LEDGER_ENTRIES_PER_RUN = 100_000;

    private final ReportStore reports;
    private final TransferStore ledger;
    private final Clock clock;
    private Instant lastRun = Instant.MIN;
    private boolean behind;

    public KeepTotals(ReportStore reports, TransferStore ledger, Clock clock) {
        this.reports = reports;
        this.ledger = ledger;
        this.clock = clock;
    }

    /**
     * A run if the last one is at least {@link #EVERY} old; how many days it closed. Never fails: what it could not
     * close waits for the next run, and the overview sums those days from their payments meanwhile.
     */
    public Future<Integer> whenDue() {
        Instant now = clock.instant();
        if (!behind && lastRun.plus(EVERY).isAfter(now)) {
            return Future.succeededFuture(0);
        }
        lastRun = now;
        return run().recover(failure -> {
            log.debug("totals not kept this run: {}", failure.getMessage());
            return Future.succeededFuture(0);
        });
    }

    /**
     * One run: the ledger's cut moved, then the days closed; how many days it closed. A run that used its whole
     * allowance of either leaves the next sweep to go on at once (a history being caught up), not a minute later.
     */
    public Future<Integer> run() {
        return ledger.keepLedgerSums(LEDGER_ENTRIES_PER_RUN).compose(moved -> closeDays()
                .onSuccess(closed -> behind = moved == LEDGER_ENTRIES_PER_RUN || closed == DAYS_PER_RUN));
    }

    /** Closes what can be closed, up to {@link #DAYS_PER_RUN} days; how many it closed. */
    public Future<Integer> closeDays() {
        LocalDate lastClosable = lastClosable();
        return reports.behind(lastClosable, MERCHANTS_PER_RUN)
                .compose(behind -> closeEach(behind, lastClosable))
                .onSuccess(closed -> {
                    if (closed > 0) {
                        log.debug("kept the totals of {} closed days", closed);
                    }
                });
    }

    /** The last Haitian day that ended more than {@link #SETTLED} ago. */
    LocalDate lastClosable() {
        return clock.instant()
                .minus(SETTLED)
                .atZone(PageText.HAITI)
                .toLocalDate()
                .minusDays(1);
    }

    /** What a run may still do and what it did. */
    private static final class Progress {
        int budget = DAYS_PER_RUN;
        int closed;
    }

    private Future<Integer> closeEach(List<ClosedThrough> merchants, LocalDate lastClosable) {
        Progress progress = new Progress();
        Future<Void> chain = Future.succeededFuture();
        for (ClosedThrough merchant : merchants) {
            chain = chain.compose(done -> closeDays(merchant, lastClosable, progress));
        }
        return chain.map(done -> progress.closed);
    }

    /**
     * The merchant's next days, one statement each: the next day with payments, or, when there is none up to the
     * last closable day, that day itself (the days between have nothing to keep). Stops at a day with a pending
     * payment or one another node closed first.
     */
    private Future<Void> closeDays(ClosedThrough merchant, LocalDate lastClosable, Progress progress) {
        if (progress.budget == 0
                || (merchant.through() != null && !merchant.through().isBefore(lastClosable))) {
            return Future.succeededFuture();
        }
        progress.budget--;
        return reports.firstDayWithPayments(merchant.merchantId(), merchant.through())
                .compose(next -> {
                    LocalDate day =
                            next.filter(found -> !found.isAfter(lastClosable)).orElse(lastClosable);
                    return reports.closeDay(merchant.merchantId(), day, merchant.through())
                            .compose(closed -> {
                                if (!closed) {
                                    return Future.succeededFuture();
                                }
                                progress.closed++;
                                return closeDays(new ClosedThrough(merchant.merchantId(), day), lastClosable, progress);
                            });
                });
    }
}
