package io.walletpay.store;

/** The SQL of {@link PgProviderOrderStore}: {@code $1} the payment id, {@code $2} the try, {@code $3} its order id. */
final class ProviderOrderSql {

    private ProviderOrderSql() {}

    static final String OPENED =
            "SELECT redirect_url FROM provider_orders WHERE payment_id = $1 AND attempt = $2 AND redirect_url IS NOT NULL";

    static final String OPEN = "INSERT INTO provider_orders (payment_id, attempt, order_id, redirect_url, opened_at)"
            + " VALUES ($1, $2, $3, $4, now())"
            + " ON CONFLICT (payment_id, attempt) DO UPDATE SET"
            + " redirect_url = coalesce(provider_orders.redirect_url, EXCLUDED.redirect_url),"
            + " opened_at = coalesce(provider_orders.opened_at, EXCLUDED.opened_at)"
            + " RETURNING redirect_url";

    /**
     * Records the decline once ({@code $4} transaction, {@code $5} reason) and, in the same statement, counts it on
     * the payment when that try is the current one ({@code declines = attempt - 1}) and the payment is pending.
     */
    static final String DECLINED = "WITH recorded AS ("
            + " INSERT INTO provider_orders (payment_id, attempt, order_id, outcome, transaction_id, reason, decided_at)"
            + " VALUES ($1, $2, $3, 'declined', $4, $5, now())"
            + " ON CONFLICT (payment_id, attempt) DO UPDATE SET outcome = 'declined',"
            + " transaction_id = EXCLUDED.transaction_id, reason = EXCLUDED.reason, decided_at = now()"
            + " WHERE provider_orders.outcome IS NULL RETURNING payment_id)"
            + " UPDATE payments SET declines = declines + 1, updated_at = now()"
            + " WHERE id = $1 AND status = 'pending' AND declines = $2 - 1 AND EXISTS (SELECT 1 FROM recorded)";

    static final String PAID = "INSERT INTO provider_orders (payment_id, attempt, order_id, outcome, transaction_id,"
            + " decided_at) VALUES ($1, $2, $3, 'paid', $4, now())"
            + " ON CONFLICT (payment_id, attempt) DO UPDATE SET outcome = 'paid',"
            + " transaction_id = EXCLUDED.transaction_id, reason = NULL, decided_at = now()"
            + " WHERE provider_orders.outcome IS DISTINCT FROM 'paid'";
}
