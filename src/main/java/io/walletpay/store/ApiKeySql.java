package io.walletpay.store;

/** All SQL about restricted API keys (migration V80). */
final class ApiKeySql {

    private static final String COLUMNS = "id, merchant_id, scope, description, key_prefix, created_at, revoked_at";

    static final String CREATE = "INSERT INTO api_keys (id, merchant_id, scope, description, key_hash, key_prefix)"
            + " VALUES ($1, $2, $3, $4, $5, $6) RETURNING " + COLUMNS;

    static final String LIST = "SELECT " + COLUMNS + " FROM api_keys WHERE merchant_id = $1 ORDER BY created_at, id";

    static final String BY_ID = "SELECT " + COLUMNS + " FROM api_keys WHERE merchant_id = $1 AND id = $2";

    /** By the unique hash, and only the merchant's own and only while active. */
    static final String ACTIVE_BY_HASH =
            "SELECT " + COLUMNS + " FROM api_keys WHERE key_hash = $2 AND merchant_id = $1 AND revoked_at IS NULL";

    static final String REVOKE = "UPDATE api_keys SET revoked_at = COALESCE(revoked_at, now())"
            + " WHERE merchant_id = $1 AND id = $2 RETURNING " + COLUMNS;

    private ApiKeySql() {}
}
