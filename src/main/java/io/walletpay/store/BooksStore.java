package io.walletpay.store;

import io.vertx.core.Future;
import io.walletpay.money.BooksCheck;
import io.walletpay.money.Ledger;
import io.walletpay.money.ReconciliationRun;
import io.walletpay.money.ReconciliationRunPage;
import java.time.Duration;
import java.util.UUID;

/** The books of the business account: the ledger's side of the comparison, and the kept reconciliation runs. */
public interface BooksStore {

    /** The ledger's figures, all read at one moment (one statement, one snapshot). */
    Future<Ledger> ledger();

    /** Keeps a run; answers it with the time the database gave it. */
    Future<ReconciliationRun> keep(UUID id, ReconciliationRun.Trigger trigger, BooksCheck check, String error);

    /**
     * One page of kept runs, newest first: at most {@code limit}, after the run {@code startingAfter} (null: from the
     * newest; an id that names no run: 400 {@code invalid_starting_after}).
     */
    default Future<ReconciliationRunPage> runs(int limit, UUID startingAfter) {
        return runs(limit, startingAfter, null);
    }

    /** The same, or with {@code endingBefore} the page just before that run; at most one cursor is set. */
    Future<ReconciliationRunPage> runs(int limit, UUID startingAfter, UUID endingBefore);

    /** The newest kept run, whatever started it; null when none is kept. */
    Future<ReconciliationRun> latest();

    /** Whether a scheduled run was kept less than {@code within} ago, by the database's clock, which every node shares. */
    Future<Boolean> scheduledWithin(Duration within);
}
