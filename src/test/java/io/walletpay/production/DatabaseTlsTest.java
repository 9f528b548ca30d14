package io.walletpay.production;

import static org.assertj.core.api.Assertions.as;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Vertx;
import io.vertx.pgclient.PgBuilder;
import io.vertx.sqlclient.Pool;
import io.walletpay.db.DatabaseTarget;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.ServiceProcess;
import io.walletpay.support.TestConfig;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A PostgreSQL reached over TLS, as a managed database is: {@code db.url} with {@code sslmode} and
 * {@code sslrootcert}. The server's certificate names {@code localhost} and is signed by a test CA; its database
 * {@code walletpay_tls} refuses any connection without TLS, so a service that serves from it has every connection
 * (the migrations' JDBC and the reactive pools) encrypted.
 */
@BehaviourTest
class DatabaseTlsTest {

    private static final String DATABASE = "walletpay_tls";

    static Path files;
    static EmbeddedPostgres server;

    @TempDir
    Path dataDir;

    @BeforeAll
    static void startServerWithTls() throws Exception {
        files = Files.createTempDirectory("walletpay-db-tls");
        for (String name : new String[] {"ca.pem", "other-ca.pem", "server.pem", "server.key"}) {
            try (InputStream file = DatabaseTlsTest.class.getResourceAsStream("/db-tls/" + name)) {
                Files.copy(file, files.resolve(name), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        // PostgreSQL reads a key only its owner can read
        Files.setPosixFilePermissions(files.resolve("server.key"), PosixFilePermissions.fromString("rw-------"));
        Files.writeString(
                files.resolve("pg_hba.conf"),
                """
                local all all trust
                hostnossl %s all all reject
                host all all 127.0.0.1/32 trust
                host all all ::1/128 trust
                """
                        .formatted(DATABASE));
        server = EmbeddedPostgres.builder()
                .setServerConfig("ssl", "on")
                .setServerConfig("ssl_cert_file", files.resolve("server.pem").toString())
                .setServerConfig("ssl_key_file", files.resolve("server.key").toString())
                .setServerConfig("hba_file", files.resolve("pg_hba.conf").toString())
                .start();
        try (Connection admin = server.getPostgresDatabase().getConnection();
                Statement sql = admin.createStatement()) {
            sql.execute("CREATE DATABASE " + DATABASE);
        }
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theServiceMigratesAndServesOverAVerifiedConnection() throws Exception {
        ServiceProcess service = new ServiceProcess(
                        dataDir,
                        Map.of(
                                "WALLETPAY_DB_URL",
                                url("localhost", "sslmode=verify-full&sslrootcert=" + file("ca.pem")),
                                "WALLETPAY_ADMIN_TOKEN",
                                TestConfig.ADMIN_TOKEN))
                .start();
        try {
            Http http = service.awaitReady();
            ServiceCalls shop = ServiceCalls.newMerchant(http, TestConfig.ADMIN_TOKEN);
            assertThat(shop.paymentStatus(shop.createPayment())).isEqualTo(200);

            try (Connection admin = server.getPostgresDatabase().getConnection();
                    Statement sql = admin.createStatement();
                    ResultSet rows = sql.executeQuery("SELECT count(*) AS connections, count(*) FILTER (WHERE s.ssl)"
                            + " AS encrypted FROM pg_stat_activity a JOIN pg_stat_ssl s USING (pid)"
                            + " WHERE a.datname = '" + DATABASE + "'")) {
                rows.next();
                assertThat(rows.getInt("connections")).isPositive();
                assertThat(rows.getInt("encrypted")).isEqualTo(rows.getInt("connections"));
            }
        } finally {
            service.terminate();
        }
    }

    /** A certificate the service does not accept stops the start (exit 2) with a line naming the URL and why. */
    @ParameterizedTest(name = "{0} with {1}: {2}")
    @CsvSource({
        "localhost, other-ca.pem, PKIX", // no authority it trusts signed the server's certificate
        "127.0.0.1, ca.pem, hostname" // the certificate names localhost only
    })
    void aCertificateNotAcceptedStopsTheStartWithTheReason(String host, String rootCert, String reason)
            throws Exception {
        ServiceProcess.Finished run = new ServiceProcess(dataDir, Map.of())
                .run(Map.of("WALLETPAY_DB_URL", url(host, "sslmode=verify-full&sslrootcert=" + file(rootCert))));

        assertThat(run.exitCode()).as(run.output()).isEqualTo(2);
        // the refusal itself gives the reason (the migrations' retries log it too, on lines of their own)
        assertThat(run.lines())
                .filteredOn(line -> line.startsWith("walletpay: configuration key 'db.url' (WALLETPAY_DB_URL): TLS"
                        + " failed with sslmode=verify-full (check sslmode and sslrootcert): "))
                .singleElement(as(InstanceOfAssertFactories.STRING))
                .contains(reason);
    }

    /**
     * Both clients the service opens treat each mode alike: the reactive one its pools use and the JDBC one the
     * migrations use. {@code 127.0.0.1} is not the name the certificate carries. The reactive client says only that
     * the handshake failed; the driver says why.
     */
    @ParameterizedTest(name = "{0} {1}: {2}, {3}")
    @CsvSource({
        "localhost, sslmode=verify-full&sslrootcert=ca.pem, connects, connects",
        "localhost, sslmode=verify-ca&sslrootcert=ca.pem, connects, connects",
        "127.0.0.1, sslmode=verify-ca&sslrootcert=ca.pem, connects, connects",
        "127.0.0.1, sslmode=verify-full&sslrootcert=ca.pem, handshake failed, wrong name",
        "localhost, sslmode=verify-full&sslrootcert=other-ca.pem, handshake failed, untrusted",
        "localhost, sslmode=verify-full, handshake failed, untrusted", // the JVM's authorities did not sign it
        "localhost, sslmode=require, connects, connects", // encrypted, nobody checked who answers
        "localhost, sslmode=disable, no TLS, no TLS" // the database takes no connection without TLS
    })
    void eachModeConnectsOrRefusesAsLibpqWould(String host, String parameters, String pools, String migrations)
            throws Exception {
        DatabaseTarget target =
                DatabaseTarget.fromUrl(url(host, parameters.replace("sslrootcert=", "sslrootcert=" + files + "/")));

        assertThat(reactive(target)).as("the reactive client").isEqualTo(pools);
        assertThat(jdbc(target)).as("the migrations' JDBC").isEqualTo(migrations);
    }

    private static String reactive(DatabaseTarget target) throws Exception {
        Vertx vertx = Vertx.vertx();
        try {
            Pool pool = PgBuilder.pool()
                    .connectingTo(target.connectOptions())
                    .using(vertx)
                    .build();
            return pool.query("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
                    .execute()
                    .map(rows -> rows.iterator().next().getBoolean("ssl") ? "connects" : "unencrypted")
                    .otherwise(DatabaseTlsTest::why)
                    .await(30, TimeUnit.SECONDS);
        } finally {
            vertx.close().await(30, TimeUnit.SECONDS);
        }
    }

    private static String jdbc(DatabaseTarget target) {
        try (Connection connection = DriverManager.getConnection(target.jdbcUrl(), target.user(), target.password());
                Statement sql = connection.createStatement();
                ResultSet rows = sql.executeQuery("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")) {
            rows.next();
            return rows.getBoolean("ssl") ? "connects" : "unencrypted";
        } catch (SQLException e) {
            return why(e);
        }
    }

    /** Why a connection was refused, from the messages of its causes, or all of them when none says. */
    private static String why(Throwable failure) {
        StringBuilder messages = new StringBuilder();
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            messages.append(cause.getMessage()).append(" / ");
        }
        String all = messages.toString();
        if (all.contains("PKIX")) {
            return "untrusted";
        }
        if (all.contains("hostname") || all.contains("subject alternative")) {
            return "wrong name";
        }
        if (all.contains("no encryption")) {
            return "no TLS";
        }
        if (all.startsWith("SSL handshake failed")) {
            return "handshake failed";
        }
        return "refused: " + all;
    }

    private static String url(String host, String parameters) {
        return "postgresql://postgres@" + host + ":" + server.getPort() + "/" + DATABASE + "?" + parameters;
    }

    private static String file(String name) {
        return files.resolve(name).toString();
    }
}
