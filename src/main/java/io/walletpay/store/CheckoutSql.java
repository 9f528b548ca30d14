package io.walletpay.store;

/** The SQL of checkout look-ups: a payment joined with its merchant's name, Return URL, page language and status. */
final class CheckoutSql {

    /** {@link PaymentSql#COLUMNS} qualified with {@code p.}, so the join keeps the payment's names. */
    private static final String PAYMENT_COLUMNS = PaymentSql.qualified("p");

    private static final String SELECT = "SELECT " + PAYMENT_COLUMNS + ", m.name AS merchant_name,"
            + " m.return_url AS merchant_return_url, m.locale AS merchant_locale, m.status AS merchant_status,"
            + " p.expires_at <= now() AS past_expiry"
            + " FROM payments p JOIN merchants m ON m.id = p.merchant_id";

    static final String BY_TOKEN = SELECT + " WHERE p.checkout_token = $1";

    static final String BY_PAYMENT = SELECT + " WHERE p.id = $1";

    /**
     * The sandbox checkout's decision for many tokens at once (never one token twice: {@link GroupCommit} keeps
     * those apart): each payment that can take it now (pending, not past its expiry, its merchant active) moves to
     * its target, as {@link PaymentSql#TRANSITION} would move it, and comes back as {@link #BY_TOKEN} would read
     * it, with its token. Payments that cannot are left as they are and not returned.
     */
    // The payments are found by token in a materialized step of their own, then updated by id: in one join, the
    // generic plan PostgreSQL caches for a prepared statement, made while the table's statistics are stale (a new
    // database's first minute of traffic), scanned every pending unexpired payment of the merchant for each decision
    // (0.1 to 2 s each, measured) instead of looking the token up.
    static final String DECIDE_ALL = "WITH found AS MATERIALIZED (SELECT p.id, t.target"
            + " FROM unnest($1::text[], $2::text[]) AS t (token, target)"
            + " JOIN payments p ON p.checkout_token = t.token WHERE p.expires_at > now())"
            + " UPDATE payments p SET status = f.target, updated_at = now(),"
            + " completed_at = CASE WHEN f.target = 'completed' THEN now() END,"
            + " fees = CASE WHEN f.target = 'completed' THEN p.fees ELSE 0 END,"
            + " net_amount = CASE WHEN f.target = 'completed' THEN p.net_amount ELSE 0 END"
            + " FROM found f, merchants m"
            + " WHERE p.id = f.id AND p.status = 'pending' AND m.id = p.merchant_id AND m.status = 'active'"
            + " RETURNING " + PAYMENT_COLUMNS + ", m.name AS merchant_name, m.return_url AS merchant_return_url,"
            + " m.locale AS merchant_locale, m.status AS merchant_status, false AS past_expiry";

    private CheckoutSql() {}
}
