package io.walletpay.db;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationVersion;

/** Applies the schema (Flyway, {@code db/migration} on the classpath) and says which version is current. */
public final class Migrations {

    private Migrations() {}

    /** Migrates and returns the version now applied, which {@code /health/ready} later checks for. */
    public static String apply(DatabaseTarget target) {
        Flyway flyway = Flyway.configure()
                .dataSource(target.jdbcUrl(), target.user(), target.password())
                .locations("classpath:db/migration")
                .connectRetries(5)
                .load();
        flyway.migrate();
        MigrationVersion current = flyway.info().current().getVersion();
        return current.getVersion();
    }
}
