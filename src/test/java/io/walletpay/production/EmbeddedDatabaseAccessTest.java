package io.walletpay.production;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.walletpay.Application;
import io.walletpay.config.AppConfig;
import io.walletpay.db.DatabaseTarget;
import io.walletpay.db.Migrations;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.ServiceProcess;
import io.walletpay.support.TestConfig;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded PostgreSQL answers only this service: passwords, loopback, a private socket, no superuser. */
@BehaviourTest
class EmbeddedDatabaseAccessTest {

    @TempDir
    Path dataDir;

    ServiceProcess service;

    @AfterEach
    void stop() throws Exception {
        if (service != null && service.alive()) {
            service.terminate();
        }
    }

    @Test
    void aNewDataDirectoryOnlyLetsTheServiceInWithItsPassword() throws Exception {
        service = new ServiceProcess(dataDir, Map.of()).start();
        service.awaitReady();

        assertAccessRulesInForce();
    }

    @Test
    void aDataDirectoryOfTheEarlierCodeIsUpgradedInPlace() throws Exception {
        String merchantId;
        String secretKey;
        String paymentId;
        int port = TestConfig.freePort();
        // exactly as the earlier EmbeddedDatabase: trust for every local user, the service as superuser
        try (EmbeddedPostgres legacy = EmbeddedPostgres.builder()
                .setDataDirectory(dataDir.resolve("postgres"))
                .setCleanDataDirectory(false)
                .setServerConfig("fsync", "on")
                .setServerConfig("synchronous_commit", "on")
                .setPort(port)
                .setPGStartupWait(Duration.ofSeconds(120))
                .start()) {
            DatabaseTarget superuser = new DatabaseTarget("localhost", port, "postgres", "postgres", "");
            String version = Migrations.apply(superuser);
            Vertx vertx = Vertx.vertx();
            try {
                AppConfig config = TestConfig.forTest(dataDir, Map.of());
                Application app =
                        Application.deploy(vertx, config, superuser, version).await(60, TimeUnit.SECONDS);
                Http http = new Http(config.http().port());
                ServiceCalls shop = ServiceCalls.newMerchant(http, TestConfig.ADMIN_TOKEN);
                merchantId = shop.merchantId();
                secretKey = shop.secretKey();
                paymentId = shop.createPayment();
                app.stop().await(60, TimeUnit.SECONDS);
            } finally {
                vertx.close().await(30, TimeUnit.SECONDS);
            }
            try (Connection trusted = legacy.getPostgresDatabase().getConnection()) {
                assertThat(trusted.isValid(5))
                        .as("the earlier code trusts a connection without password")
                        .isTrue();
            }
        }

        service = new ServiceProcess(dataDir, Map.of()).start();
        Http http = service.awaitReady();

        ServiceCalls shop = new ServiceCalls(http, merchantId, secretKey);
        assertThat(shop.paymentStatus(paymentId))
                .as("the payment made before the upgrade")
                .isEqualTo(200);
        assertThat(shop.paymentStatus(shop.createPayment())).isEqualTo(200);
        assertAccessRulesInForce();
        try (Connection db = service.database();
                Statement sql = db.createStatement();
                ResultSet rows = sql.executeQuery("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'"
                        + " AND tableowner <> current_user")) {
            rows.next();
            assertThat(rows.getInt(1))
                    .as("tables not owned by the service role")
                    .isZero();
        }
    }

    private void assertAccessRulesInForce() throws Exception {
        assertRefused(() -> service.database("walletpay", ""));
        assertRefused(() -> service.database("postgres", ""));
        assertRefused(() -> service.database("postgres", "wrong-password"));
        assertRefused(() -> service.database("walletpay", "wrong-password"));

        try (Connection db = service.database();
                Statement sql = db.createStatement()) {
            assertThat(scalar(sql, "SELECT rolsuper FROM pg_roles WHERE rolname = current_user"))
                    .isEqualTo("f");
            assertThat(scalar(
                            sql, "SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = current_database()"))
                    .isEqualTo("walletpay");
            assertThat(scalar(sql, "SHOW listen_addresses")).isEqualTo("127.0.0.1");
            assertThat(scalar(sql, "SHOW password_encryption")).isEqualTo("scram-sha-256");
            assertThatThrownBy(() -> sql.execute("COPY (SELECT 1) TO PROGRAM 'true'"))
                    .isInstanceOf(SQLException.class);
        }
        try (Connection admin = service.database("postgres", service.credential("superuser_password"));
                Statement sql = admin.createStatement()) {
            String socketDirectory = scalar(sql, "SHOW unix_socket_directories");
            assertThat(Path.of(socketDirectory)).startsWith(dataDir.toAbsolutePath());
            assertThat(Files.exists(Path.of(socketDirectory, ".s.PGSQL." + service.dbPort())))
                    .isTrue();
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(Path.of(socketDirectory))))
                    .isEqualTo("rwx------");
            try (ResultSet verifiers = sql.executeQuery("SELECT rolname, rolpassword FROM pg_authid"
                    + " WHERE rolname IN ('postgres', 'walletpay') ORDER BY rolname")) {
                // SCRAM-SHA-256$<iterations>:<salt>$<stored key>:<server key>, one hash a connection
                for (String role : new String[] {"postgres", "walletpay"}) {
                    assertThat(verifiers.next()).isTrue();
                    assertThat(verifiers.getString("rolname")).isEqualTo(role);
                    assertThat(verifiers.getString("rolpassword")).as(role).startsWith("SCRAM-SHA-256$1:");
                }
            }
            try (ResultSet rules = sql.executeQuery("SELECT DISTINCT auth_method FROM pg_hba_file_rules")) {
                rules.next();
                assertThat(rules.getString(1)).isEqualTo("scram-sha-256");
                assertThat(rules.next()).as("one authentication method only").isFalse();
            }
        }
        assertThat(PosixFilePermissions.toString(
                        Files.getPosixFilePermissions(dataDir.resolve("database-credentials.json"))))
                .isEqualTo("rw-------");
        assertThat(new JsonObject(Files.readString(dataDir.resolve("database-credentials.json"))).fieldNames())
                .contains("service_password");
    }

    private interface Connect {
        Connection open() throws SQLException;
    }

    private static void assertRefused(Connect connect) {
        assertThatThrownBy(() -> {
                    try (Connection ignored = connect.open()) {
                        // connected: the assertion fails
                    }
                })
                .isInstanceOf(SQLException.class);
    }

    private static String scalar(Statement sql, String query) throws SQLException {
        try (ResultSet rows = sql.executeQuery(query)) {
            rows.next();
            return rows.getString(1);
        }
    }
}
