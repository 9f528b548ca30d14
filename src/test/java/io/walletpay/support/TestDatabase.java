package io.walletpay.support;

import io.walletpay.db.DatabaseTarget;
import io.walletpay.db.Migrations;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One embedded PostgreSQL per test JVM, and a fresh, migrated database for each caller, so test classes never
 * see each other's rows.
 */
public final class TestDatabase {

    private static final AtomicInteger COUNTER = new AtomicInteger();
    private static EmbeddedPostgres server;
    private static volatile String schemaVersion;

    private TestDatabase() {}

    /** A new empty database with the schema applied. */
    public static DatabaseTarget migrated() {
        DatabaseTarget target = empty();
        schemaVersion = Migrations.apply(target);
        return target;
    }

    /** Applies the schema to a database of the test's own (e.g. a cluster's), as the service's start-up would. */
    public static DatabaseTarget migrate(DatabaseTarget target) {
        schemaVersion = Migrations.apply(target);
        return target;
    }

    /** The schema version the migrations reach, as {@code /health/ready} expects it. */
    public static String schemaVersion() {
        return schemaVersion;
    }

    /** A new empty database without any schema. */
    public static synchronized DatabaseTarget empty() {
        String name = "walletpay_test_" + COUNTER.incrementAndGet();
        try (Connection connection = server().getPostgresDatabase().getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("could not create test database " + name, e);
        }
        return new DatabaseTarget("localhost", server().getPort(), name, "postgres", "");
    }

    private static synchronized EmbeddedPostgres server() {
        if (server == null) {
            try {
                server = EmbeddedPostgres.builder()
                        .setServerConfig("max_connections", "400")
                        .start();
            } catch (IOException e) {
                throw new UncheckedIOException("could not start the embedded PostgreSQL for tests", e);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    server.close();
                } catch (IOException ignored) {
                    // the JVM is going away
                }
            }));
        }
        return server;
    }
}
