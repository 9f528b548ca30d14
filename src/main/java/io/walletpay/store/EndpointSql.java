package io.walletpay.store;

/**
 * All SQL about webhook endpoints. The first endpoint is read from the merchant row (its webhook_url, every event);
 * the further ones from webhook_endpoints. Where deliveries go is decided in {@link OutboxSql}.
 */
final class EndpointSql {

    private static final String FURTHER_COLUMNS =
            "id, url, enabled_events, description, false AS from_settings," + " created_at";

    /** The merchant {@code $1}'s endpoints in their order: the first, then the further ones oldest first. */
    static final String LIST = "SELECT id, url, enabled_events, description, from_settings, created_at FROM ("
            + " SELECT webhook_endpoint_id AS id, webhook_url AS url, ARRAY['*']::text[] AS enabled_events,"
            + " webhook_endpoint_description AS description, true AS from_settings, created_at, 0 AS rank"
            + " FROM merchants WHERE id = $1 AND webhook_url IS NOT NULL"
            + " UNION ALL SELECT " + FURTHER_COLUMNS + ", 1 FROM webhook_endpoints WHERE merchant_id = $1) x";

    static final String LIST_ORDERED = LIST + " ORDER BY rank, created_at, id";

    static final String BY_ID = LIST + " WHERE x.id = $2";

    /**
     * Holds the merchant's row for the rest of the transaction, so creates of one merchant count one after the
     * other: each {@link #CREATE}, a statement of its own, then sees the endpoints the one before it committed.
     */
    static final String LOCK_MERCHANT = "SELECT 1 FROM merchants WHERE id = $1 FOR UPDATE";

    /** Inserts the endpoint unless the merchant {@code $2} already has {@code $7} besides the first. */
    static final String CREATE = "INSERT INTO webhook_endpoints (id, merchant_id, url, enabled_events, description,"
            + " secret) SELECT $1, $2, $3, $4, $5, $6"
            + " WHERE (SELECT count(*) FROM webhook_endpoints WHERE merchant_id = $2) < $7"
            + " RETURNING " + FURTHER_COLUMNS;

    /** {@code $3} URL, {@code $4} event types, {@code $5} description: null leaves each; {@code $6} clears the last. */
    static final String UPDATE = "UPDATE webhook_endpoints SET url = COALESCE($3, url),"
            + " enabled_events = COALESCE($4::text[], enabled_events),"
            + " description = CASE WHEN $6 THEN NULL ELSE COALESCE($5, description) END, updated_at = now()"
            + " WHERE merchant_id = $1 AND id = $2 RETURNING " + FURTHER_COLUMNS;

    static final String DESCRIBE_FIRST = "UPDATE merchants SET webhook_endpoint_description = $2 WHERE id = $1";

    /**
     * Deletes the endpoint. Its deliveries stay in the log under its id; those still queued fail as deliveries without
     * a URL (see {@link OutboxSql#target}) and are never sent to another endpoint.
     */
    static final String DELETE = "DELETE FROM webhook_endpoints WHERE merchant_id = $1 AND id = $2";

    /** The rule of the merchant's own rotation: the current secret becomes the previous one until {@code $4}. */
    static final String ROTATE = "UPDATE webhook_endpoints SET previous_secret = secret, previous_secret_until = $4,"
            + " secret = $3, updated_at = now() WHERE merchant_id = $1 AND id = $2 RETURNING " + FURTHER_COLUMNS;

    private EndpointSql() {}
}
