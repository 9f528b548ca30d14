package io.walletpay.store;

/** All SQL about payments, their checkouts and their Idempotency-Keys. */
final class PaymentSql {

    /** One more decline for an open checkout, the same three conditions as a transition by token. */
    static final String DECLINE = "UPDATE payments p SET declines = p.declines + 1, updated_at = now()"
            + " FROM merchants m WHERE p.checkout_token = $1 AND p.status = 'pending' AND p.expires_at > now()"
            + " AND m.id = p.merchant_id AND m.status = 'active' AND ($2::int IS NULL OR p.declines = $2)";

    /**
     * The sequence's next {@code $1} numbers, for the service to make the short codes of payments it creates
     * ({@code ShortCode.of}, the permutation {@code payment_short_code} makes in the database, done in Java so the
     * database spends its time on payments).
     */
    static final String SHORT_CODE_NUMBERS =
            "SELECT nextval('payment_short_code_numbers') AS n FROM generate_series(1, $1)";

    static final String BY_ID_FOR_MERCHANT =
            "SELECT " + PaymentRow.COLUMNS + " FROM payments WHERE id = $1 AND merchant_id = $2";

    static final String BY_ID = "SELECT " + PaymentRow.COLUMNS + " FROM payments WHERE id = $1";

    /**
     * The payment whose short code is {@code $9}, made of the number {@code $10}: found by its number, or by its code
     * when its row has no number (stored by an older version, or written by hand).
     */
    private static final String SHORT_CODE_IS =
            "((short_code_number = $10 AND short_code = $9)" + " OR (short_code_number IS NULL AND short_code = $9))";

    /**
     * Newest first, optional filters ({@code $8} a payment link, {@code $9} a short code and {@code $10} its number:
     * with a reference too, a payment matching either); {@code $5} is the cursor id or null; {@code $4} the page size
     * plus one.
     */
    static final String PAGE = "SELECT " + PaymentRow.COLUMNS + " FROM payments WHERE merchant_id = $1"
            + " AND ($2::text IS NULL OR reference_id = $2 OR " + SHORT_CODE_IS + ")"
            + " AND ($9::text IS NULL OR $2::text IS NOT NULL OR " + SHORT_CODE_IS + ")"
            + " AND ($3::text IS NULL OR status = $3)"
            + " AND ($6::timestamptz IS NULL OR created_at >= $6)"
            + " AND ($7::timestamptz IS NULL OR created_at < $7)"
            + " AND ($8::uuid IS NULL OR payment_link_id = $8)"
            + " AND ($5::uuid IS NULL OR (created_at, id) <"
            + "      (SELECT created_at, id FROM payments WHERE id = $5 AND merchant_id = $1))"
            + " ORDER BY created_at DESC, id DESC LIMIT $4";

    /** The page just before the payment {@code $5} (paging back with {@code ending_before}): the same filters. */
    static final String PAGE_BEFORE = ListCursor.before(PAGE);

    /** The row a page's cursor names, on this list (see ListCursor). */
    static final String CURSOR_ROW = "SELECT 1 FROM payments WHERE id = $1 AND merchant_id = $2";

    /**
     * What leaving {@code pending} for {@code target} does to a payment {@code p}, the one place that says it: only a
     * completed payment keeps its fees and net and gets a completion time; anything else was charged nothing.
     */
    private static String leavePending(String target, String p) {
        return " status = " + target + ", updated_at = now(),"
                + " completed_at = CASE WHEN " + target + " = 'completed' THEN now() END,"
                + " fees = CASE WHEN " + target + " = 'completed' THEN " + p + "fees ELSE 0 END,"
                + " net_amount = CASE WHEN " + target + " = 'completed' THEN " + p + "net_amount ELSE 0 END";
    }

    /** The merchant's side of a checkout, as {@code m}. */
    private static final String MERCHANT_COLUMNS = "m.name AS merchant_name, m.return_url AS merchant_return_url,"
            + " m.locale AS merchant_locale, m.status AS merchant_status";

    private static final String CHECKOUT = "SELECT " + PaymentRow.qualified("p") + ", " + MERCHANT_COLUMNS
            + ", p.expires_at <= now() AS past_expiry FROM payments p JOIN merchants m ON m.id = p.merchant_id";

    /** A payment with its merchant's name, Return URL, page language and status, by checkout token. */
    static final String CHECKOUT_BY_TOKEN = CHECKOUT + " WHERE p.checkout_token = $1";

    static final String CHECKOUT_BY_PAYMENT = CHECKOUT + " WHERE p.id = $1";

    /** The payment the provider's transaction {@code $1} was recorded on (completed, failed or flagged with it). */
    static final String CHECKOUT_BY_PROVIDER_TRANSACTION =
            CHECKOUT + " WHERE p.provider_transaction_id = $1 ORDER BY p.id LIMIT 1";

    /**
     * Whether a payment may still be paid at the provider: one pending (the partial index of pending payments), or
     * one made since {@code $1} (the first identifier of that moment: identifiers are made in time order, so this is
     * a range of the primary key). Two index probes, whatever the table's size.
     */
    static final String AWAITING_PROVIDER = "SELECT EXISTS (SELECT 1 FROM payments WHERE status = 'pending')"
            + " OR EXISTS (SELECT 1 FROM payments WHERE id >= $1)";

    /**
     * The one way payments leave {@code pending}, for many requests at once, one array element per request (never
     * two for one payment id or token: {@link GroupCommit} keeps those apart). A request names its payment by id
     * ({@code $1}; {@code $3} the merchant it is limited to, or null) or by checkout token ({@code $2}, the
     * customer's page: then the payment must also be open to payment, as {@code Checkout.open()} says: not past its
     * expiry and its merchant active). Conditional on the status, so of two racing requests exactly one changes the
     * row. Each changed payment comes back with its merchant's side and the token that moved it, if any.
     */
    // The payments are found in a materialized step of their own, then updated by id: in one join, the generic plan
    // PostgreSQL caches for a prepared statement, made while the table's statistics are stale (a new database's
    // first minute of traffic), scanned every pending unexpired payment of the merchant for each token instead of
    // looking it up.
    static final String TRANSITION_ALL = "WITH t AS (SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[],"
            + " $4::text[], $5::text[], $6::text[], $7::text[])"
            + " AS t (id, token, merchant_id, target, provider_transaction_id, failure_reason, payer)),"
            + " found AS MATERIALIZED ("
            + "SELECT p.id AS payment_id, t.* FROM t JOIN payments p ON p.id = t.id"
            + " UNION ALL SELECT p.id AS payment_id, t.* FROM t JOIN payments p ON p.checkout_token = t.token"
            + " WHERE p.expires_at > now())"
            + " UPDATE payments p SET" + leavePending("f.target", "p.") + ","
            + " provider_transaction_id = COALESCE(f.provider_transaction_id, p.provider_transaction_id),"
            + " failure_reason = COALESCE(f.failure_reason, p.failure_reason), payer = COALESCE(f.payer, p.payer)"
            + " FROM found f, merchants m"
            + " WHERE p.id = f.payment_id AND p.status = 'pending' AND m.id = p.merchant_id"
            + " AND (f.merchant_id IS NULL OR p.merchant_id = f.merchant_id)"
            + " AND (f.token IS NULL OR m.status = 'active')"
            + " RETURNING " + PaymentRow.qualified("p") + ", f.token AS decided_token, " + MERCHANT_COLUMNS
            + ", false AS past_expiry";

    /**
     * Flags a payment for a person: the provider reported a transaction for it that does not pay it (another
     * amount or order). Whatever its status; only the first flag updates a row (and keeps its reason), so a
     * repeated notification is not counted twice.
     */
    static final String FLAG_FOR_REVIEW = "UPDATE payments SET needs_review = true, updated_at = now(),"
            + " review_reason = $2, provider_transaction_id = COALESCE(provider_transaction_id, $3)"
            + " WHERE id = $1 AND NOT needs_review";

    /**
     * Keeps an open payment open at least {@code $2} milliseconds from now (never shortens it): pending, not past its
     * expiry. One row when it is open, whether or not its expiry moved.
     */
    static final String KEEP_OPEN = "UPDATE payments SET updated_at = now(),"
            + " expires_at = GREATEST(expires_at, now() + ($2::bigint) * interval '1 millisecond')"
            + " WHERE id = $1 AND status = 'pending' AND expires_at > now()";

    /** Expires due pending payments in batches; SKIP LOCKED lets several instances sweep side by side. */
    static final String EXPIRE_DUE = "UPDATE payments SET" + leavePending("'expired'", "")
            + " WHERE id IN (SELECT id FROM payments WHERE status = 'pending' AND expires_at <= now()"
            + " ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED) AND status = 'pending' RETURNING "
            + PaymentRow.COLUMNS;

    /** Pending payments past their expiry, oldest first, for a sweep that asks the provider before expiring. */
    static final String DUE_FOR_EXPIRY = "SELECT " + PaymentRow.COLUMNS + " FROM payments WHERE status = 'pending'"
            + " AND expires_at <= now() AND ($2::timestamptz IS NULL OR (expires_at, id) > ($2, $3))"
            + " ORDER BY expires_at, id LIMIT $1";

    /**
     * Claims a key: inserts it, or takes over one that expired or whose request died before answering (no
     * response after {@code $5} seconds) if it carries the same request: a key never serves another body before it
     * expires. Returns a row only when the claim is ours; the primary key decides races.
     */
    static final String CLAIM_KEY =
            "INSERT INTO idempotency_keys (merchant_id, idempotency_key, request_hash, expires_at,"
                    + " claim_id) VALUES ($1, $2, $3, now() + ($4::int) * interval '1 second', $6)"
                    + " ON CONFLICT (merchant_id, idempotency_key) DO UPDATE SET request_hash = EXCLUDED.request_hash,"
                    + " claim_id = EXCLUDED.claim_id,"
                    + " response_status = NULL, response_body = NULL, created_at = now(), expires_at = EXCLUDED.expires_at"
                    + " WHERE idempotency_keys.expires_at <= now()"
                    + "    OR (idempotency_keys.response_status IS NULL AND idempotency_keys.created_at < now() - ($5::int) * interval '1 second'"
                    + "        AND idempotency_keys.request_hash = EXCLUDED.request_hash)"
                    + " RETURNING 1";

    static final String KEY = "SELECT request_hash, response_status, response_body FROM idempotency_keys"
            + " WHERE merchant_id = $1 AND idempotency_key = $2";

    /** Only the claim that holds the key may answer it; 0 rows means it was released or taken over. */
    static final String KEY_ANSWERED = "UPDATE idempotency_keys SET response_status = $3, response_body = $4"
            + " WHERE merchant_id = $1 AND idempotency_key = $2 AND claim_id = $5 AND response_status IS NULL";

    /** {@link #KEY_ANSWERED} for many keys at once; the row count says how many were still their claim's. */
    static final String KEYS_ANSWERED = "UPDATE idempotency_keys k SET response_status = a.status,"
            + " response_body = a.body"
            + " FROM unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::uuid[])"
            + " AS a (merchant_id, idempotency_key, status, body, claim_id)"
            + " WHERE k.merchant_id = a.merchant_id AND k.idempotency_key = a.idempotency_key"
            + " AND k.claim_id = a.claim_id AND k.response_status IS NULL";

    static final String RELEASE_KEY = "DELETE FROM idempotency_keys"
            + " WHERE merchant_id = $1 AND idempotency_key = $2 AND claim_id = $3 AND response_status IS NULL";

    static final String PURGE_EXPIRED_KEYS = "DELETE FROM idempotency_keys WHERE ctid IN"
            + " (SELECT ctid FROM idempotency_keys WHERE expires_at <= now() LIMIT $1 FOR UPDATE SKIP LOCKED)";

    /** The expiry sweep's single-task lock (session level: it spans the sweep's several transactions). */
    static final String TRY_SWEEP_LOCK = "SELECT pg_try_advisory_lock($1)";

    static final String RELEASE_SWEEP_LOCK = "SELECT pg_advisory_unlock($1)";

    private PaymentSql() {}
}
