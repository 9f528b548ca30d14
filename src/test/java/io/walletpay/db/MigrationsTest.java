package io.walletpay.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.walletpay.support.BehaviourTest;
import io.walletpay.support.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Comparator;
import java.util.stream.Stream;
import org.flywaydb.core.api.exception.FlywayValidateException;
import org.junit.jupiter.api.Test;

/**
 * The schema version a start reports, on a new database and an existing one; a database that applied migrations
 * whose comments were reworded since starts as before (their checksums are realigned); a database whose applied
 * migration differs in any other way is still refused.
 */
@BehaviourTest
class MigrationsTest {

    @Test
    void answersTheLatestVersionWhetherItAppliedEverythingOrNothing() throws Exception {
        DatabaseTarget target = TestDatabase.empty();
        String latest = latestMigrationVersion();

        assertThat(Migrations.apply(target)).isEqualTo(latest);
        assertThat(Migrations.apply(target)).isEqualTo(latest);
        assertThat(appliedVersion(target)).isEqualTo(latest);
    }

    @Test
    void aDatabaseMigratedBeforeTheCommentsWereRewordedStillStarts() throws Exception {
        DatabaseTarget target = TestDatabase.migrated();
        int current = checksum(target, "5");
        update(target, "UPDATE flyway_schema_history SET checksum = checksum + 1 WHERE version IN ('5', '10')");

        String version = Migrations.apply(target);

        assertThat(checksum(target, "5")).isEqualTo(current);
        assertThat(version).isEqualTo(latestMigrationVersion());
    }

    @Test
    void anyOtherChangedMigrationIsStillRefused() throws Exception {
        DatabaseTarget target = TestDatabase.migrated();
        update(target, "UPDATE flyway_schema_history SET checksum = checksum + 1 WHERE version IN ('3', '5')");
        int changed = checksum(target, "3");

        assertThatThrownBy(() -> Migrations.apply(target)).isInstanceOf(FlywayValidateException.class);
        assertThat(checksum(target, "3")).isEqualTo(changed);
    }

    @Test
    void aDatabaseMigratedByANewerBuildIsRefusedNamingTheMigrationThisBuildLacks() throws Exception {
        DatabaseTarget target = TestDatabase.migrated();
        String latest = latestMigrationVersion();
        String newer = Integer.toString(Integer.parseInt(latest) + 1);
        update(
                target,
                "INSERT INTO flyway_schema_history (installed_rank, version, description, type, script,"
                        + " checksum, installed_by, execution_time, success) SELECT max(installed_rank) + 1, '" + newer
                        + "', 'later', 'SQL', 'V" + newer
                        + "__later.sql', 1, current_user, 1, true FROM flyway_schema_history");

        assertThatThrownBy(() -> Migrations.apply(target))
                .isInstanceOf(Migrations.SchemaNewerThanBuild.class)
                .hasMessageContaining("migration " + newer + ",")
                .hasMessageNotContaining("\n");
        assertThat(appliedVersion(target)).isEqualTo(newer);
    }

    @Test
    void aMigrationMissingBelowThisBuildsIsRefusedAsAChangeNotAsANewerSchema() throws Exception {
        DatabaseTarget target = TestDatabase.migrated();
        update(
                target,
                "INSERT INTO flyway_schema_history (installed_rank, version, description, type, script,"
                        + " checksum, installed_by, execution_time, success) SELECT max(installed_rank) + 1, '1.5', 'gone',"
                        + " 'SQL', 'V1.5__gone.sql', 1, current_user, 1, true FROM flyway_schema_history");

        assertThatThrownBy(() -> Migrations.apply(target))
                .isInstanceOf(FlywayValidateException.class)
                .hasMessageContaining("1.5");
    }

    private static String latestMigrationVersion() throws Exception {
        try (Stream<Path> files = Files.list(Path.of("src/main/resources/db/migration"))) {
            return files.map(file -> file.getFileName().toString())
                    .map(name -> name.substring(1, name.indexOf("__")))
                    .max(Comparator.comparingInt(Integer::parseInt))
                    .orElseThrow();
        }
    }

    private static String appliedVersion(DatabaseTarget target) throws Exception {
        try (Connection db = connect(target);
                Statement sql = db.createStatement();
                ResultSet rows = sql.executeQuery("SELECT version FROM flyway_schema_history WHERE success"
                        + " ORDER BY installed_rank DESC LIMIT 1")) {
            rows.next();
            return rows.getString(1);
        }
    }

    private static int checksum(DatabaseTarget target, String version) throws Exception {
        try (Connection db = connect(target);
                Statement sql = db.createStatement();
                ResultSet rows = sql.executeQuery(
                        "SELECT checksum FROM flyway_schema_history WHERE version = '" + version + "'")) {
            rows.next();
            return rows.getInt(1);
        }
    }

    private static void update(DatabaseTarget target, String statement) throws Exception {
        try (Connection db = connect(target);
                Statement sql = db.createStatement()) {
            sql.executeUpdate(statement);
        }
    }

    private static Connection connect(DatabaseTarget target) throws Exception {
        return DriverManager.getConnection(target.jdbcUrl(), target.user(), target.password());
    }
}
