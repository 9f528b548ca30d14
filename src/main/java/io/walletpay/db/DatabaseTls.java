package io.walletpay.db;

import io.vertx.core.net.ClientSSLOptions;
import io.vertx.core.net.PemTrustOptions;
import io.vertx.core.net.TrustOptions;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.SslMode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import javax.net.ssl.TrustManagerFactory;

/**
 * How the service's connections to PostgreSQL use TLS, as libpq's {@code sslmode} and {@code sslrootcert} say it,
 * for the reactive client and for the migrations' JDBC connection alike. A URL that names no mode connects without
 * TLS (libpq would try it first), as the service always has. {@code require} and below encrypt without
 * checking who answers; {@code verify-ca} checks the server's certificate against {@code rootCert} (or, without one,
 * the certificates the JVM trusts); {@code verify-full} checks its host name too.
 *
 * @param mode libpq's name of the mode: disable, allow, prefer, require, verify-ca or verify-full
 * @param rootCert a PEM file of the certificates that may sign the server's, or null
 */
public record DatabaseTls(String mode, String rootCert) {

    /** The modes, as a URL writes them. */
    public static final List<String> MODES =
            List.of("disable", "allow", "prefer", "require", "verify-ca", "verify-full");

    /**
     * No TLS (declared after the modes it is checked against): the embedded database, on this machine, and a URL
     * that asks for none.
     */
    public static final DatabaseTls NONE = new DatabaseTls("disable", null);

    /** @throws IllegalArgumentException for a mode not written as {@link #MODES} or a root file it does not use */
    public DatabaseTls {
        if (!MODES.contains(Objects.requireNonNull(mode, "mode"))) {
            throw new IllegalArgumentException("sslmode " + mode + " is none of " + MODES);
        }
        problem(mode, rootCert).ifPresent(problem -> {
            throw new IllegalArgumentException(problem);
        });
    }

    /** What is wrong with {@code mode} and {@code rootCert} as a URL gives them, if anything. */
    public static Optional<String> problem(String mode, String rootCert) {
        String named = mode == null ? "disable" : mode.toLowerCase(Locale.ROOT);
        if (!MODES.contains(named)) {
            return Optional.of("sslmode must be one of " + String.join(", ", MODES));
        }
        if (rootCert != null && !verifies(named)) {
            return Optional.of("sslrootcert is only used with sslmode=verify-ca or sslmode=verify-full");
        }
        return Optional.empty();
    }

    /** The TLS a URL's parameters ask for; none when it names no mode. */
    public static DatabaseTls of(String mode, String rootCert) {
        return new DatabaseTls(mode == null ? "disable" : mode.toLowerCase(Locale.ROOT), rootCert);
    }

    /** Whether the server's certificate is checked. */
    public boolean verified() {
        return verifies(mode);
    }

    private static boolean verifies(String mode) {
        return mode.equals("verify-ca") || mode.equals("verify-full");
    }

    /** {@code options} set up for this TLS. */
    PgConnectOptions applyTo(PgConnectOptions options) {
        options.setSslMode(SslMode.of(mode));
        if (mode.equals("disable")) {
            return options;
        }
        ClientSSLOptions ssl = new ClientSSLOptions();
        if (!verified()) {
            ssl.setTrustAll(true);
        } else {
            ssl.setTrustOptions(rootCert != null ? new PemTrustOptions().addCertPath(rootCert) : jvmTrust());
            if (mode.equals("verify-full")) {
                ssl.setHostnameVerificationAlgorithm("HTTPS");
            }
        }
        return options.setSslOptions(ssl);
    }

    /** The same for a JDBC URL: its parameters, from {@code ?} (the driver's own default would be prefer). */
    String jdbcParameters() {
        StringBuilder parameters = new StringBuilder("?sslmode=").append(mode);
        if (rootCert != null) {
            parameters.append("&sslrootcert=").append(URLEncoder.encode(rootCert, StandardCharsets.UTF_8));
        } else if (verified()) {
            // without a file of its own the driver would look in ~/.postgresql; the JVM's certificates instead
            parameters.append("&sslfactory=org.postgresql.ssl.DefaultJavaSSLFactory");
        }
        return parameters.toString();
    }

    private static TrustOptions jvmTrust() {
        try {
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init((KeyStore) null);
            return TrustOptions.wrap(factory);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JVM's trusted certificates cannot be read", e);
        }
    }
}
