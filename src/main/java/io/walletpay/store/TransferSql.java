package io.walletpay.store;

/** The SQL of {@link PgTransferStore}. */
final class TransferSql {

    private TransferSql() {}

    static final String COLUMNS = "id, kind, merchant_id, payment_id, amount, receiver, reason, status, failure_reason,"
            + " provider_transaction_id, attempts, sent_at, sends, needs_review, last_error, resolution,"
            + " resolution_note, resolved_at, created_at, updated_at, provider, livemode, requested_by, approved_by,"
            + " rejected_by, decided_at";

    /** What the ledger says merchant $1 holds: its sum kept at the cut plus its entries after the cut. */
    private static final String AVAILABLE_SUM = "(SELECT coalesce((SELECT amount FROM ledger_balances"
            + " WHERE merchant_id = $1), 0) + (SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE merchant_id = $1"
            + " AND id > (SELECT through_id FROM ledger_cut)))";

    /** Money out not yet paid: pending, and awaiting approval (its debit is taken while it waits). */
    static final String BALANCE = "SELECT " + AVAILABLE_SUM + " AS available,"
            + " (SELECT coalesce(sum(amount), 0) FROM transfers WHERE merchant_id = $1"
            + " AND status IN ('pending', 'awaiting_approval'))"
            + " AS pending_out, (SELECT payout_phone FROM merchants WHERE id = $1) AS payout_phone";

    /**
     * Every debit of a merchant takes this lock first, so two debits never both see the balance before the other.
     * NO KEY UPDATE: payments and webhooks inserted for the merchant meanwhile (which only share its key) go on.
     */
    static final String LOCK_MERCHANT =
            "SELECT payout_phone, approval_threshold FROM merchants WHERE id = $1 FOR NO KEY UPDATE";

    static final String BY_KEY = "SELECT " + COLUMNS + ", request_hash FROM transfers"
            + " WHERE merchant_id = $1 AND kind = $2 AND idempotency_key = $3";

    static final String PAYMENT =
            "SELECT status, amount, amount_refunded, payer FROM payments" + " WHERE id = $1 AND merchant_id = $2";

    static final String AVAILABLE = "SELECT " + AVAILABLE_SUM;

    /**
     * The highest ledger id no transaction can still write below: SHARE mode waits for every transaction that is
     * inserting entries to end and lets none start meanwhile (an id is drawn inside the INSERT, which holds the
     * table's ROW EXCLUSIVE lock), so every id up to the one read here is committed or never will be. Held for one
     * index probe; with a short lock_timeout it gives up rather than hold payments back.
     */
    static final String LOCK_LEDGER = "LOCK TABLE ledger_entries IN SHARE MODE";

    static final String STABLE_LEDGER_END = "SELECT coalesce(max(id), 0) FROM ledger_entries";

    static final String LOCK_TIMEOUT = "SET LOCAL lock_timeout = '50ms'";

    /**
     * Moves the cut from where it is to $1, adding each merchant's entries in between to its kept sum; the cut row
     * is locked first, so two nodes never add the same entries twice (the second finds the cut moved and adds
     * nothing: the range is empty).
     */
    static final String ADVANCE_CUT = "WITH cut AS (SELECT through_id FROM ledger_cut FOR UPDATE),"
            + " added AS (INSERT INTO ledger_balances AS b (merchant_id, amount)"
            + " SELECT merchant_id, sum(amount) FROM ledger_entries, cut WHERE id > cut.through_id AND id <= $1"
            + " GROUP BY merchant_id ON CONFLICT (merchant_id) DO UPDATE SET amount = b.amount + EXCLUDED.amount"
            + " RETURNING 1),"
            + " moved AS (UPDATE ledger_cut SET through_id = $1 FROM cut WHERE cut.through_id < $1 RETURNING 1)"
            + " SELECT (SELECT count(*) FROM added) AS merchants, (SELECT count(*) FROM moved) AS moved";

    static final String CUT = "SELECT through_id FROM ledger_cut";

    /**
     * A refund is paid by the provider that took its payment, a payout by {@code $10}; {@code $11} is its first status
     * (pending, or awaiting_approval with {@code $12} naming who asked).
     */
    static final String INSERT = "INSERT INTO transfers (id, kind, merchant_id, payment_id, amount, receiver, reason,"
            + " idempotency_key, request_hash, provider, livemode, status, requested_by)"
            + " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,"
            + " COALESCE((SELECT provider FROM payments WHERE id = $4), $10),"
            // the merchant row's mode: its row is locked by this transaction already (LOCK_MERCHANT)
            + " (SELECT live_merchant_id IS NULL FROM merchants WHERE id = $3), $11, $12) RETURNING " + COLUMNS;

    static final String REFUNDED = "UPDATE payments SET amount_refunded = amount_refunded + $2 WHERE id = $1";

    /** A debit ({@code $4} negative) or its reversal ({@code $4} positive). */
    static final String LEDGER =
            "INSERT INTO ledger_entries (merchant_id, kind, source_id, amount) VALUES ($1, $2, $3, $4)";

    static final String REFUNDS = "SELECT " + COLUMNS + " FROM transfers WHERE payment_id = $1 AND merchant_id = $2"
            + " AND kind = 'refund' ORDER BY created_at, id";

    static final String PAYMENT_OF_MERCHANT = "SELECT 1 FROM payments WHERE id = $1 AND merchant_id = $2";

    static final String PAYOUTS = "SELECT " + COLUMNS + " FROM transfers WHERE merchant_id = $1 AND kind = 'payout'"
            + " AND ($3::uuid IS NULL OR (created_at, id) < (SELECT created_at, id FROM transfers"
            + "      WHERE id = $3 AND merchant_id = $1 AND kind = 'payout'))"
            + " ORDER BY created_at DESC, id DESC LIMIT $2";

    /** The page just before the payout {@code $3} (paging back with {@code ending_before}). */
    static final String PAYOUTS_BEFORE = ListCursor.before(PAYOUTS);

    /** The row a page's cursor names, on this list (see ListCursor). */
    static final String PAYOUT_CURSOR_ROW =
            "SELECT 1 FROM transfers WHERE id = $1 AND merchant_id = $2 AND kind = 'payout'";

    static final String ONE = "SELECT " + COLUMNS + " FROM transfers WHERE id = $1 AND merchant_id = $2 AND kind = $3";

    /** Due pending transfers, leased and counted; SKIP LOCKED lets several workers claim side by side. */
    static final String CLAIM_DUE = "UPDATE transfers SET lease_until = now() + $2::int * interval '1 second',"
            + " attempts = attempts + 1, updated_at = now()"
            + " WHERE id IN (SELECT id FROM transfers WHERE status = 'pending' AND NOT needs_review"
            + " AND next_attempt_at <= now() AND (lease_until IS NULL OR lease_until < now())"
            + " ORDER BY next_attempt_at LIMIT $1"
            + " FOR UPDATE SKIP LOCKED) RETURNING " + COLUMNS;

    /** Settles a pending transfer; a settled one is left alone (no row comes back). */
    static final String SETTLE = "UPDATE transfers SET status = $2, provider_transaction_id = $3, failure_reason = $4,"
            + " lease_until = NULL, last_error = NULL, updated_at = now() WHERE id = $1 AND status = 'pending'"
            + " RETURNING " + COLUMNS;

    /** Only the claim that counted attempts $4: a worker whose lease ran out must not free a later claim's. */
    static final String RETRY_LATER = "UPDATE transfers SET lease_until = NULL,"
            + " next_attempt_at = now() + $2::int * interval '1 second', last_error = $3, updated_at = now()"
            + " WHERE id = $1 AND status = 'pending' AND attempts = $4";

    static final String BY_ID = "SELECT " + COLUMNS + " FROM transfers WHERE id = $1";

    /** The merchant's transfers waiting for a second person, oldest first (the partial index of V82). */
    static final String AWAITING_APPROVAL = "SELECT " + COLUMNS + " FROM transfers WHERE merchant_id = $1"
            + " AND status = 'awaiting_approval' ORDER BY created_at, id";

    /**
     * Approved by {@code $2}: pending and due now, into the send path every pending transfer takes. Safe against a
     * second decision at the same moment: the row lock makes the other UPDATE re-check the status, find it changed
     * and change nothing; and never the asker's, whatever the caller checked before.
     */
    static final String APPROVE = "UPDATE transfers SET status = 'pending', approved_by = $2, decided_at = now(),"
            + " next_attempt_at = now(), updated_at = now()"
            + " WHERE id = $1 AND status = 'awaiting_approval' AND requested_by IS DISTINCT FROM $2"
            + " RETURNING " + COLUMNS;

    /** Rejected by {@code $2}: failed, as APPROVE decides once; the caller gives the debit back in its transaction. */
    static final String REJECT = "UPDATE transfers SET status = 'failed', failure_reason = $3, rejected_by = $2,"
            + " decided_at = now(), updated_at = now()"
            + " WHERE id = $1 AND status = 'awaiting_approval' AND requested_by IS DISTINCT FROM $2"
            + " RETURNING " + COLUMNS;

    /**
     * The send recorded before it leaves, by the claim that counted attempts $2 only, and only while none is
     * recorded: of two claims of one transfer (a lease run out), at most one sends.
     */
    static final String MARK_SENT = "UPDATE transfers SET sent_at = now(), sends = sends + 1, updated_at = now()"
            + " WHERE id = $1 AND attempts = $2 AND status = 'pending' AND sent_at IS NULL AND NOT needs_review"
            + " RETURNING sent_at";

    static final String HOLD_FOR_REVIEW = "UPDATE transfers SET needs_review = true, lease_until = NULL,"
            + " last_error = $3, updated_at = now() WHERE id = $1 AND status = 'pending' AND attempts = $2";

    static final String FOR_OPERATORS = "SELECT " + COLUMNS + " FROM transfers WHERE ($1 = false OR needs_review)"
            + " AND ($3::uuid IS NULL OR (created_at, id) < (SELECT created_at, id FROM transfers WHERE id = $3))"
            + " ORDER BY created_at DESC, id DESC LIMIT $2";

    /** The page just before the transfer {@code $3} (paging back with {@code ending_before}). */
    static final String FOR_OPERATORS_BEFORE = ListCursor.before(FOR_OPERATORS);

    static final String HELD_FOR_REVIEW =
            "SELECT count(*), coalesce(sum(amount), 0) FROM transfers WHERE needs_review AND status = 'pending'";

    static final String OPERATOR_CURSOR_ROW = "SELECT 1 FROM transfers WHERE id = $1";

    /** The row an operator's decision changes, locked so a worker's late answer and the decision do not cross. */
    static final String HELD = "SELECT " + COLUMNS + " FROM transfers WHERE id = $1 FOR UPDATE";

    /** Sent again: the hold lifted and the send no longer recorded, due now. */
    static final String SEND_AGAIN = "UPDATE transfers SET needs_review = false, sent_at = NULL, lease_until = NULL,"
            + " next_attempt_at = now(), resolution = 'send_again', resolution_note = $2, resolved_at = now(),"
            + " updated_at = now() WHERE id = $1 AND status = 'pending' AND needs_review RETURNING " + COLUMNS;

    /** Settled by the operator: the decision kept beside the status it gives (see SETTLE). */
    static final String RESOLVED = "UPDATE transfers SET needs_review = false, resolution = $2, resolution_note = $3,"
            + " resolved_at = now() WHERE id = $1 AND status = 'pending' AND needs_review";
}
