package io.walletpay.store;

/** All SQL about the audit log. */
final class AuditSql {

    static final String COLUMNS = "id, merchant_id, actor, source_address, action, what, at";

    /** The head of every write of an entry: the values or the query giving them follow. */
    static final String INSERT_INTO = "INSERT INTO audit_log (merchant_id, actor, source_address, action, what)";

    static final String INSERT = INSERT_INTO + " VALUES ($1, $2, $3, $4, $5)";

    /**
     * Newest first; {@code $2} is the cursor id or null, {@code $3} the page size plus one. The cursor is looked up as on
     * every list, so one that names no entry of the merchant's gives no rows, and ListCursor refuses it.
     */
    static final String PAGE = "SELECT " + COLUMNS + " FROM audit_log WHERE merchant_id = $1"
            + " AND ($2::bigint IS NULL OR id < (SELECT id FROM audit_log WHERE id = $2 AND merchant_id = $1))"
            + " ORDER BY id DESC LIMIT $3";

    /** The page just before the entry {@code $2} (paging back with {@code ending_before}). */
    static final String PAGE_BEFORE = ListCursor.before(PAGE);

    /** The row a page's cursor names, on this list (see ListCursor). */
    static final String CURSOR_ROW = "SELECT 1 FROM audit_log WHERE id = $1 AND merchant_id = $2";

    private AuditSql() {}
}
