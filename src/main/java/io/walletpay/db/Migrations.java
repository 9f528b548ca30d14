package io.walletpay.db;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Optional;
import java.util.Set;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.CoreErrorCode;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.exception.FlywayValidateException;
import org.flywaydb.core.api.output.MigrateResult;
import org.flywaydb.core.api.output.ValidateOutput;
import org.flywaydb.core.api.output.ValidateResult;
import org.flywaydb.core.api.pattern.ValidatePattern;

/** Applies the schema (Flyway, {@code db/migration} on the classpath) and says which version is current. */
public final class Migrations {

    /**
     * Applied migrations whose files changed after release in their comments only; Flyway's checksum covers
     * comments, so a database that applied the earlier text has these checksums realigned (nothing else).
     */
    static final Set<String> COMMENTS_REWORDED = Set.of("5", "10");

    private Migrations() {}

    /** {@link #apply(DatabaseTarget, String)} for a deployment on the sandbox provider. */
    public static String apply(DatabaseTarget target) {
        return apply(target, "sandbox");
    }

    /**
     * Migrates and returns the version now applied, which {@code /health/ready} later checks for. {@code
     * walletProvider} names the deployment's current provider: rows stored before payments named theirs get it.
     */
    public static String apply(DatabaseTarget target, String walletProvider) {
        Flyway flyway = Flyway.configure()
                .dataSource(target.jdbcUrl(), target.user(), target.password())
                .locations("classpath:db/migration")
                .placeholders(java.util.Map.of("wallet_provider", walletProvider))
                .connectRetries(5)
                // Flyway's default ignores applied migrations this build does not have ("*:future"), so an older
                // build would run on a schema a newer one migrated; none is ignored here, and such a start is refused
                .ignoreMigrationPatterns(new ValidatePattern[0])
                .load();
        MigrateResult result;
        try {
            result = flyway.migrate();
        } catch (FlywayValidateException refused) {
            ValidateResult validated = flyway.validateWithResult();
            newerSchema(validated, latestResolved(flyway)).ifPresent(version -> {
                throw new SchemaNewerThanBuild(version);
            });
            if (!onlyRewordedComments(validated)) {
                throw refused;
            }
            flyway.repair();
            result = flyway.migrate();
        }
        // the version migrate reached, or (nothing to apply, as on most starts) the one it found: no second look
        return result.targetSchemaVersion != null ? result.targetSchemaVersion : result.initialSchemaVersion;
    }

    /**
     * The database was migrated by a newer build: its latest applied version is one this build does not have. Running
     * this build's code on that schema could write what the newer code no longer expects; the start is refused.
     */
    public static final class SchemaNewerThanBuild extends RuntimeException {

        SchemaNewerThanBuild(String version) {
            super("the database's schema has migration " + version + ", which this build does not have: a newer"
                    + " walletpay migrated it; run that build or a later one (an older build cannot run on it)");
        }
    }

    /**
     * The highest applied version this build does not have and that is above every version it has, if any: a
     * migration missing below them (a file deleted) is another fault, which Flyway's own refusal names.
     */
    static Optional<String> newerSchema(ValidateResult result, MigrationVersion latestResolved) {
        return result.invalidMigrations.stream()
                .filter(invalid ->
                        invalid.errorDetails.errorCode == CoreErrorCode.APPLIED_VERSIONED_MIGRATION_NOT_RESOLVED)
                .map(invalid -> MigrationVersion.fromVersion(invalid.version))
                .filter(version -> version.isNewerThan(latestResolved))
                .max(Comparator.naturalOrder())
                .map(MigrationVersion::getVersion);
    }

    /** The highest version among this build's migrations. */
    private static MigrationVersion latestResolved(Flyway flyway) {
        return Arrays.stream(flyway.info().all())
                .filter(info -> info.getState().isResolved() && info.getVersion() != null)
                .map(MigrationInfo::getVersion)
                .max(Comparator.naturalOrder())
                .orElse(MigrationVersion.EMPTY);
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
