package io.walletpay.store;

/** All SQL about payment links and the payments made through them. */
final class PaymentLinkSql {

    /**
     * A link with its payments counted: completed ones, their sum, those holding a place of max_payments, and when
     * the first place held by a payment still in progress frees up if that payment is not paid.
     */
    private static final String LINK = "SELECT l.id, l.merchant_id, l.code, l.amount, l.min_amount, l.description,"
            + " l.reference_id, l.expires_at, l.max_payments, l.active, l.created_at,"
            + " s.completed AS payments_count, COALESCE(s.collected, 0) AS amount_collected, s.in_use AS payments_in_use,"
            + " s.held_until FROM payment_links l CROSS JOIN LATERAL (SELECT"
            + " count(*) FILTER (WHERE p.status = 'completed') AS completed,"
            + " sum(p.amount) FILTER (WHERE p.status = 'completed') AS collected,"
            + " count(*) FILTER (WHERE " + inUse("p.") + ") AS in_use,"
            + " min(p.expires_at) FILTER (WHERE " + inProgress("p.") + ") AS held_until"
            + " FROM payments p WHERE p.payment_link_id = l.id) s";

    static final String INSERT = "INSERT INTO payment_links (id, merchant_id, code, amount, min_amount, description,"
            + " reference_id, expires_at, max_payments, created_at)"
            + " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)";

    static final String BY_ID_FOR_MERCHANT = LINK + " WHERE l.id = $1 AND l.merchant_id = $2";

    /** Newest first; {@code $3} the cursor id or null; {@code $2} the page size plus one. */
    static final String PAGE = LINK + " WHERE l.merchant_id = $1"
            + " AND ($3::uuid IS NULL OR (l.created_at, l.id) <"
            + "      (SELECT created_at, id FROM payment_links WHERE id = $3 AND merchant_id = $1))"
            + " ORDER BY l.created_at DESC, l.id DESC LIMIT $2";

    /** The page just before the link {@code $3} (paging back with {@code ending_before}). */
    static final String PAGE_BEFORE = ListCursor.before(PAGE);

    /** The row a page's cursor names, on this list (see ListCursor). */
    static final String CURSOR_ROW = "SELECT 1 FROM payment_links WHERE id = $1 AND merchant_id = $2";

    /**
     * Turns an active link off and writes its audit entry ({@code $3}–{@code $6}: actor, source address, action,
     * what) in the same statement; a link already off (or another merchant's) changes nothing and writes nothing.
     */
    static final String DEACTIVATE = "WITH off AS (UPDATE payment_links SET active = false,"
            + " deactivated_at = COALESCE(deactivated_at, now()) WHERE id = $1 AND merchant_id = $2 AND active"
            + " RETURNING merchant_id) "
            + AuditSql.INSERT_INTO
            + " SELECT merchant_id, $3, $4, $5, $6 FROM off";

    static final String BY_CODE =
            "SELECT q.*, m.name AS merchant_name, m.locale AS merchant_locale," + " m.status AS merchant_status FROM ("
                    + LINK + " WHERE l.code = $1) q JOIN merchants m ON m.id = q.merchant_id";

    /** Locks the link for a payment through it: payments through one link are then decided one at a time. */
    static final String LOCK = "SELECT active, (expires_at IS NULL OR expires_at > now()) AS in_time, max_payments"
            + " FROM payment_links WHERE id = $1 FOR UPDATE";

    /**
     * A separate statement after {@link #LOCK}, so that (at READ COMMITTED) its snapshot is taken once the lock is
     * held and sees every payment committed by the link's previous holder.
     */
    static final String IN_USE = "SELECT count(*) AS in_use, count(*) FILTER (WHERE status = 'completed') AS completed"
            + " FROM payments WHERE payment_link_id = $1 AND " + inUse("");

    /**
     * A payment holds a place of max_payments while it may still be paid, and once it is: a place given back before
     * its payment expires could be paid twice.
     */
    private static String inUse(String p) {
        return "(" + p + "status = 'completed' OR " + inProgress(p) + ")";
    }

    /**
     * A payment still in progress: pending, even past its expiry until the sweep settles it, because with the live
     * wallet a payment made at the provider just before it expired is still confirmed paid (on the customer's
     * return or by the sweep's own look-up).
     */
    private static String inProgress(String p) {
        return "(" + p + "status = 'pending')";
    }

    private PaymentLinkSql() {}
}
