package io.walletpay.store;

/** All SQL about merchants. */
final class MerchantSql {

    static final String COLUMNS =
            "id, name, status, webhook_secret, webhook_url, return_url, locale, fee_percent, fee_fixed, created_at,"
                    + " updated_at, secret_key_version, live_merchant_id, approval_threshold";

    static final String INSERT =
            "INSERT INTO merchants (id, name, secret_hash, webhook_secret, webhook_url, return_url,"
                    + " fee_percent, fee_fixed, locale) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING "
                    + COLUMNS;

    /**
     * A merchant and its test twin in one statement, so no merchant is ever without one: {@code $10} and {@code $11}
     * are the twin's secret hash and webhook secret, {@code $12} its id. Answers the live row.
     */
    static final String INSERT_WITH_TWIN = "WITH live AS (" + INSERT + "),"
            + " twin AS (INSERT INTO merchants (id, name, secret_hash, webhook_secret, fee_percent, fee_fixed, locale,"
            + "   live_merchant_id, created_at, updated_at)"
            + "   SELECT $12::uuid, name, $10::bytea, $11::text, fee_percent, fee_fixed, locale, id, created_at, updated_at FROM live)"
            + " SELECT * FROM live";

    /** The test twin of the live merchant {@code $1}. */
    static final String TWIN = "SELECT " + COLUMNS + " FROM merchants WHERE live_merchant_id = $1";

    /** What a test secret key is checked against: the twin of the live merchant {@code $1}. */
    static final String TEST_CREDENTIALS =
            "SELECT " + COLUMNS + ", secret_hash FROM merchants WHERE live_merchant_id = $1";

    static final String BY_ID = "SELECT " + COLUMNS + " FROM merchants WHERE id = $1";

    static final String CREDENTIALS =
            "SELECT " + COLUMNS + ", secret_hash FROM merchants WHERE id = $1 AND live_merchant_id IS NULL";

    /** Newest first; {@code $2} is the cursor id or null, {@code $1} the page size plus one. */
    static final String PAGE = "SELECT " + COLUMNS + " FROM merchants"
            + " WHERE live_merchant_id IS NULL AND ($2::uuid IS NULL OR (created_at, id) < (SELECT created_at, id FROM merchants WHERE id = $2))"
            + " ORDER BY created_at DESC, id DESC LIMIT $1";

    /** The page just before the merchant {@code $2} (paging back with {@code ending_before}). */
    static final String PAGE_BEFORE = ListCursor.before(PAGE);

    /** The row a page's cursor names, on this list (see ListCursor). */
    static final String CURSOR_ROW = "SELECT 1 FROM merchants WHERE id = $1 AND live_merchant_id IS NULL";

    static final String UPDATE = "UPDATE merchants SET"
            + " name = COALESCE($2, name),"
            + " status = COALESCE($3, status),"
            + " webhook_url = CASE WHEN $4 THEN NULL ELSE COALESCE($5, webhook_url) END,"
            + " return_url = CASE WHEN $6 THEN NULL ELSE COALESCE($7, return_url) END,"
            + " fee_percent = COALESCE($8, fee_percent),"
            + " fee_fixed = COALESCE($9, fee_fixed),"
            + " locale = CASE WHEN $10 THEN NULL ELSE COALESCE($11, locale) END,"
            + " approval_threshold = CASE WHEN $12 THEN NULL ELSE COALESCE($13, approval_threshold) END,"
            // another endpoint starts healthy: the old one's failures say nothing about it
            + " webhook_failing_since = CASE WHEN $4 OR ($5::text IS NOT NULL AND $5::text IS DISTINCT FROM webhook_url)"
            + "   THEN NULL ELSE webhook_failing_since END,"
            + " updated_at = now()"
            + " WHERE id = $1 RETURNING " + COLUMNS;

    /** The current secret becomes the previous one, still signing until {@code $3}. */
    static final String ROTATE_WEBHOOK_SECRET = "UPDATE merchants SET previous_webhook_secret = webhook_secret,"
            + " previous_webhook_secret_until = $3, webhook_secret = $2, updated_at = now()"
            + " WHERE id = $1 RETURNING " + COLUMNS;

    /** A new secret key: the old one stops at once, and so do tokens issued under it (the version moves on). */
    static final String ROTATE_SECRET_KEY = "UPDATE merchants SET secret_hash = $2,"
            + " secret_key_version = secret_key_version + 1, updated_at = now()"
            + " WHERE id = $1 RETURNING " + COLUMNS;

    /** Where the merchant's payouts go; {@code $2} null clears it. */
    static final String SET_PAYOUT_PHONE =
            "UPDATE merchants SET payout_phone = $2, updated_at = now() WHERE id = $1 RETURNING id";

    private MerchantSql() {}
}
