package io.walletpay.db;

import java.util.Set;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.CoreErrorCode;
import org.flywaydb.core.api.exception.FlywayValidateException;
import org.flywaydb.core.api.output.MigrateResult;
import org.flywaydb.core.api.output.ValidateOutput;
import org.flywaydb.core.api.output.ValidateResult;

/** Applies the schema (Flyway, {@code db/migration} on the classpath) and says which version is current. */
public final class Migrations {

    /**
     * Applied migrations whose files changed after release in their comments only; Flyway's checksum covers
     * comments, so a database that applied the earlier text has these checksums realigned (nothing else).
     */
    static final Set<String> COMMENTS_REWORDED = Set.of("5", "10");

    private Migrations() {}

    /** Migrates and returns the version now applied, which {@code /health/ready} later checks for. */
    public static String apply(DatabaseTarget target) {
        Flyway flyway = Flyway.configure()
                .dataSource(target.jdbcUrl(), target.user(), target.password())
                .locations("classpath:db/migration")
                .connectRetries(5)
                .load();
        MigrateResult result;
        try {
            result = flyway.migrate();
        } catch (FlywayValidateException refused) {
            if (!onlyRewordedComments(flyway.validateWithResult())) {
                throw refused;
            }
            flyway.repair();
            result = flyway.migrate();
        }
        // the version migrate reached, or (nothing to apply, as on most starts) the one it found: no second look
        return result.targetSchemaVersion != null ? result.targetSchemaVersion : result.initialSchemaVersion;
    }

    /**
     * True when what validation refused is checksums of {@link #COMMENTS_REWORDED} (and migrations not applied yet,
     * which migrate applies); any other refusal stands, so repair never hides a real change.
     */
    static boolean onlyRewordedComments(ValidateResult result) {
        boolean reworded = false;
        for (ValidateOutput invalid : result.invalidMigrations) {
            if (invalid.errorDetails.errorCode == CoreErrorCode.CHECKSUM_MISMATCH
                    && COMMENTS_REWORDED.contains(invalid.version)) {
                reworded = true;
            } else if (invalid.errorDetails.errorCode != CoreErrorCode.RESOLVED_VERSIONED_MIGRATION_NOT_APPLIED) {
                return false;
            }
        }
        return reworded;
    }
}
