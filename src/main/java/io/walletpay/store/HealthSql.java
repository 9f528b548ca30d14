package io.walletpay.store;

/** The SQL behind {@code /health/ready}. */
final class HealthSql {

    static final String SCHEMA_APPLIED =
            "SELECT EXISTS (SELECT 1 FROM flyway_schema_history WHERE version = $1 AND success)";

    private HealthSql() {}
}
