package io.walletpay.db;

import io.vertx.pgclient.PgConnectOptions;

/** Where PostgreSQL answers: the same coordinates for the reactive client and for Flyway's JDBC connection. */
public record DatabaseTarget(String host, int port, String database, String user, String password) {

    /**
     * The longest statement the reactive client prepares once per connection and keeps. Vert.x keeps only those
     * under 2 048 characters by default, and a longer one is parsed and planned again on every execution: the
     * batched record of webhook attempts is just over that.
     */
    private static final int CACHED_STATEMENT_MAX_LENGTH = 8_192;

    public static DatabaseTarget fromUrl(String url) {
        PgConnectOptions options = PgConnectOptions.fromUri(url);
        return new DatabaseTarget(
                options.getHost(), options.getPort(), options.getDatabase(), options.getUser(), options.getPassword());
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://" + host + ":" + port + "/" + database;
    }

    public PgConnectOptions connectOptions() {
        return new PgConnectOptions()
                .setHost(host)
                .setPort(port)
                .setDatabase(database)
                .setUser(user)
                .setPassword(password)
                .setCachePreparedStatements(true)
                .setPreparedStatementCacheMaxSize(256)
                .setPreparedStatementCacheSqlLimit(CACHED_STATEMENT_MAX_LENGTH);
    }

    public DatabaseTarget withDatabase(String name) {
        return new DatabaseTarget(host, port, name, user, password);
    }

    @Override
    public String toString() {
        return "postgresql://" + user + "@" + host + ":" + port + "/" + database; // never the password
    }
}
