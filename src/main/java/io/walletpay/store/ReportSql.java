package io.walletpay.store;

/** The SQL of {@link PgReportStore}. Days are Haitian days: a date's midnight there is where it starts. */
final class ReportSql {

    private ReportSql() {}

    private static final String HAITI = "'America/Port-au-Prince'";

    /** Where Haitian day {@code date} starts, as a timestamptz. */
    private static String startOf(String date) {
        return "((" + date + ")::timestamp AT TIME ZONE " + HAITI + ")";
    }

    /**
     * Each day's totals by status from $2 to $3: the closed days from the kept totals, the days after the
     * merchant's last closed day summed from its payments (an index range of payments_merchant_newest), so the
     * statement reads at most the few days not yet closed whatever the history.
     */
    static final String DAILY_TOTALS = "SELECT day, status, sum(payments) AS payments, sum(amount) AS amount,"
            + " sum(fees) AS fees, sum(net) AS net FROM ("
            + " SELECT day, status, payments, amount, fees, net FROM report_day_totals"
            + " WHERE merchant_id = $1 AND day >= $2 AND day <= $3"
            + " UNION ALL"
            + " SELECT (created_at AT TIME ZONE " + HAITI + ")::date, status, count(*), sum(amount), sum(fees),"
            + " sum(net_amount) FROM payments WHERE merchant_id = $1"
            + " AND created_at >= "
            + startOf("greatest($2::date, coalesce((SELECT through + 1 FROM report_days_closed WHERE merchant_id = $1),"
                    + " $2::date))")
            + " AND created_at < " + startOf("$3::date + 1")
            + " GROUP BY 1, 2) totals GROUP BY day, status ORDER BY day, status";

    /** Merchants whose closed days end before $1 (or who have none), the furthest behind first. */
    static final String BEHIND = "SELECT m.id, c.through FROM merchants m"
            + " LEFT JOIN report_days_closed c ON c.merchant_id = m.id"
            + " WHERE c.through IS NULL OR c.through < $1 ORDER BY c.through NULLS FIRST, m.id LIMIT $2";

    /** The first Haitian day after $2 (null: ever) with a payment of merchant $1. */
    static final String FIRST_DAY_WITH_PAYMENTS = "SELECT (min(created_at) AT TIME ZONE " + HAITI + ")::date AS day"
            + " FROM payments WHERE merchant_id = $1 AND created_at >= coalesce(" + startOf("$2::date + 1")
            + ", '-infinity')";

    /**
     * Closes day $2 of merchant $1 in one statement: the closed days move from $3 to $2 (or start at $2 when $3 is
     * null and none are closed) only if no payment of $2 is pending, and only then are $2's totals kept. Two nodes
     * closing the same day: the second finds the closed days no longer ending at $3, changes nothing and says so.
     */
    static final String CLOSE_DAY = "WITH closed AS ("
            + " INSERT INTO report_days_closed AS c (merchant_id, through) SELECT $1, $2::date"
            + " WHERE NOT EXISTS (SELECT 1 FROM payments WHERE merchant_id = $1 AND status = 'pending'"
            + " AND created_at >= " + startOf("$2::date") + " AND created_at < " + startOf("$2::date + 1") + ")"
            + " ON CONFLICT (merchant_id) DO UPDATE SET through = EXCLUDED.through WHERE c.through = $3::date"
            + " RETURNING 1),"
            + " kept AS (INSERT INTO report_day_totals (merchant_id, day, status, payments, amount, fees, net)"
            + " SELECT $1, $2::date, status, count(*), sum(amount), sum(fees), sum(net_amount) FROM payments"
            + " WHERE EXISTS (SELECT 1 FROM closed) AND merchant_id = $1"
            + " AND created_at >= " + startOf("$2::date") + " AND created_at < " + startOf("$2::date + 1")
            + " GROUP BY status RETURNING 1)"
            + " SELECT (SELECT count(*) FROM closed) AS closed, (SELECT count(*) FROM kept) AS kept";

    /** Completed in [$2, $3), oldest first; the partial index payments_settlement serves it. */
    static final String SETTLEMENT_DAY = "SELECT id, reference_id, provider_transaction_id, completed_at, amount,"
            + " fees, net_amount FROM payments WHERE merchant_id = $1 AND status = 'completed'"
            + " AND completed_at >= $2 AND completed_at < $3 ORDER BY completed_at, id";

    /** Refunds and payouts the provider paid in [$2, $3) (their last change is the one that settled them). */
    static final String SETTLED_TRANSFERS = "SELECT id, kind, payment_id, provider_transaction_id, updated_at, amount"
            + " FROM transfers WHERE merchant_id = $1 AND status = 'succeeded' AND updated_at >= $2 AND updated_at < $3"
            + " ORDER BY updated_at, id";
}
