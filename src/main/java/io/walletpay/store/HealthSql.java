package io.walletpay.store;

/** The SQL behind {@code /health/ready}. */
final class HealthSql {

    /** Whether the schema is migrated, and whether this connection may write (a replica's may not). */
    static final String SCHEMA_APPLIED =
            "SELECT EXISTS (SELECT 1 FROM flyway_schema_history WHERE version = $1 AND success),"
                    + " current_setting('transaction_read_only') = 'off'";

    private HealthSql() {}
}
