package io.walletpay.store;

/** The books' statements ({@code payments}, {@code transfers} read; {@code reconciliation_runs} written). */
final class BooksSql {

    private BooksSql() {}

    /**
     * The ledger's side in one statement, so in one snapshot: a payment or transfer settling meanwhile is counted once,
     * on one side. The sums read every completed payment and settled transfer, once an hour: a scan PostgreSQL does
     * in well under a second for millions of rows, and the pending transfers come from the partial index transfers_due.
     * Test mode's payments and transfers never moved money at the provider, so the books leave them out.
     */
    static final String LEDGER = "SELECT"
            + " (SELECT coalesce(sum(amount), 0) FROM payments WHERE status = 'completed' AND livemode) AS completed_payments,"
            + " (SELECT coalesce(sum(amount), 0) FROM transfers WHERE status = 'succeeded' AND livemode)"
            + " AS succeeded_transfers,"
            + " count(*) FILTER (WHERE NOT needs_review) AS in_flight_count,"
            + " coalesce(sum(amount) FILTER (WHERE NOT needs_review), 0) AS in_flight_amount,"
            + " count(*) FILTER (WHERE needs_review) AS in_review_count,"
            + " coalesce(sum(amount) FILTER (WHERE needs_review), 0) AS in_review_amount"
            + " FROM transfers WHERE status = 'pending' AND livemode";

    static final String COLUMNS = "id, ran_at, trigger, opening_balance, completed_payments, succeeded_transfers,"
            + " reported, in_flight_count, in_flight_amount, in_review_count, in_review_amount, error";

    static final String KEEP = "INSERT INTO reconciliation_runs (id, trigger, opening_balance, completed_payments,"
            + " succeeded_transfers, expected, reported, drift, in_flight_count, in_flight_amount, in_review_count,"
            + " in_review_amount, error) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)"
            + " RETURNING " + COLUMNS;

    static final String RUNS = "SELECT " + COLUMNS + " FROM reconciliation_runs"
            + " WHERE ($2::uuid IS NULL OR (ran_at, id) < (SELECT ran_at, id FROM reconciliation_runs WHERE id = $2))"
            + " ORDER BY ran_at DESC, id DESC LIMIT $1";

    /** The page just before the run {@code $2} (paging back with {@code ending_before}). */
    static final String RUNS_BEFORE = ListCursor.before(RUNS);

    /** The row a page's cursor names (see ListCursor). */
    static final String CURSOR_ROW = "SELECT 1 FROM reconciliation_runs WHERE id = $1";

    static final String LATEST =
            "SELECT " + COLUMNS + " FROM reconciliation_runs ORDER BY ran_at DESC, id DESC LIMIT 1";

    static final String SCHEDULED_WITHIN = "SELECT EXISTS (SELECT 1 FROM reconciliation_runs WHERE trigger = 'schedule'"
            + " AND ran_at > now() - $1::bigint * interval '1 millisecond')";
}
