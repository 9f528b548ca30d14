package io.walletpay.db;

import io.vertx.pgclient.PgConnectOptions;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where PostgreSQL answers and how it is reached: the same coordinates and TLS for the reactive client and for
 * Flyway's JDBC connection.
 */
public record DatabaseTarget(String host, int port, String database, String user, String password, DatabaseTls tls) {

    /** The parameters a URL may carry after {@code ?}; any other would be ignored, so it is refused. */
    public static final List<String> URL_PARAMETERS = List.of("sslmode", "sslrootcert");

    /**
     * The longest statement the reactive client prepares once per connection and keeps. Vert.x keeps only those
     * under 2 048 characters by default, and a longer one is parsed and planned again on every execution: the
     * batched record of webhook attempts is just over that.
     */
    private static final int CACHED_STATEMENT_MAX_LENGTH = 8_192;

    /** Without TLS: the embedded database, on this machine. */
    public DatabaseTarget(String host, int port, String database, String user, String password) {
        this(host, port, database, user, password, DatabaseTls.NONE);
    }

    /**
     * {@code postgresql://user:password@host:port/database}, optionally with {@code ?sslmode=...&sslrootcert=...}.
     *
     * @throws IllegalArgumentException for any other parameter, or a mode and root certificate that do not go together
     */
    public static DatabaseTarget fromUrl(String url) {
        Map<String, String> parameters = urlParameters(url);
        for (String name : parameters.keySet()) {
            if (!URL_PARAMETERS.contains(name)) {
                // not named: it may be the end of a password with an unencoded '?'
                throw new IllegalArgumentException("unsupported connection parameter");
            }
        }
        PgConnectOptions options = PgConnectOptions.fromUri(withoutParameters(url));
        return new DatabaseTarget(
                options.getHost(),
                options.getPort(),
                options.getDatabase(),
                options.getUser(),
                options.getPassword(),
                DatabaseTls.of(parameters.get("sslmode"), parameters.get("sslrootcert")));
    }

    /** The URL up to its {@code ?}: user, password, host, port and database. */
    public static String withoutParameters(String url) {
        int query = url.indexOf('?');
        return query < 0 ? url : url.substring(0, query);
    }

    /** The parameters after a URL's {@code ?}, decoded, in their order; empty when there are none. */
    public static Map<String, String> urlParameters(String url) {
        Map<String, String> parameters = new LinkedHashMap<>();
        int query = url.indexOf('?');
        if (query < 0) {
            return parameters;
        }
        for (String pair : url.substring(query + 1).split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int equals = pair.indexOf('=');
            String name = equals < 0 ? pair : pair.substring(0, equals);
            String value = equals < 0 ? "" : pair.substring(equals + 1);
            parameters.put(percentDecoded(name), percentDecoded(value));
        }
        return parameters;
    }

    /** As a URL's percent-encoding means it: a {@code +} is a plus sign, not a space as in a form. */
    private static String percentDecoded(String text) {
        return URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://" + host + ":" + port + "/" + database + tls.jdbcParameters();
    }

    public PgConnectOptions connectOptions() {
        return tls.applyTo(new PgConnectOptions())
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
        return new DatabaseTarget(host, port, name, user, password, tls);
    }

    @Override
    public String toString() {
        // never the password
        return "postgresql://" + user + "@" + host + ":" + port + "/" + database
                + (tls.equals(DatabaseTls.NONE) ? "" : "?sslmode=" + tls.mode());
    }
}
