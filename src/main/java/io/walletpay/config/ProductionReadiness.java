package io.walletpay.config;

import io.walletpay.db.DatabaseTarget;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What production refuses to start with, one line per problem, each naming the key and its environment
 * variable: fake payments (the sandbox provider signs real "completed" webhooks), guessable secrets, a public
 * URL without TLS, a database anyone on the host can reach, invitations mailed in clear over the network.
 * Checked before anything touches the data.
 */
public final class ProductionReadiness {

    static final int MIN_SECRET_LENGTH = 32;

    /** Lower-case, letters and digits only: a secret containing one of these was typed, not generated. */
    private static final List<String> WELL_KNOWN_WORDS = List.of(
            "changeme",
            "secret",
            "password",
            "passw0rd",
            "admin",
            "default",
            "example",
            "letmein",
            "qwerty",
            "walletpay",
            "123456",
            "abcdef");

    private ProductionReadiness() {}

    /** The problems of {@code config}; empty when it may run in production (or is not production at all). */
    public static List<String> problems(AppConfig config) {
        List<String> problems = new ArrayList<>();
        if (!config.production()) {
            return problems;
        }
        if (!config.provider().live()) {
            problems.add(line(
                    "provider.mode",
                    "is 'sandbox' in production: anyone could pay any payment with any number and merchants would"
                            + " receive signed 'completed' webhooks; set it to 'live', with provider.client_id and"
                            + " provider.client_secret"));
        }
        if (config.provider().live()) {
            providerUrlProblem(config.provider().apiBaseUrl(), "the client secret and every access token")
                    .ifPresent(problem -> problems.add(line("provider.api_base_url", problem)));
            providerUrlProblem(config.provider().gatewayBaseUrl(), "the customer's payment token")
                    .ifPresent(problem -> problems.add(line("provider.gateway_base_url", problem)));
        }
        secretProblem(config.adminToken()).ifPresent(problem -> problems.add(line("admin_token", problem)));
        if (config.management().metricsToken() != null) {
            secretProblem(config.management().metricsToken())
                    .ifPresent(problem -> problems.add(line("management.metrics_token", problem)));
        }
        if ("HS256".equals(config.jwt().algorithm())) {
            secretProblem(config.jwt().secret()).ifPresent(problem -> problems.add(line("jwt.secret", problem)));
        }
        if (!"https".equals(parsed(config.publicBaseUrl()).map(URI::getScheme).orElse(null))) {
            problems.add(line(
                    "public_base_url",
                    "must be an https:// URL in production (customers' checkout links and tokens would travel in"
                            + " clear), got '" + config.publicBaseUrl() + "'"));
        }
        if (config.db().url() != null && passwordOf(config.db().url()).isEmpty()) {
            problems.add(line(
                    "db.url",
                    "has no password: production reaches PostgreSQL only with one"
                            + " (postgresql://user:password@host:port/database)"));
        }
        AppConfig.Mail mail = config.mail();
        if (mail.configured()
                && mail.starttls() == io.walletpay.mail.MailSettings.StartTls.DISABLED
                && !mail.ssl()
                && !onThisMachine(mail.host())) {
            problems.add(line(
                    "mail.starttls",
                    "is 'disabled' without mail.ssl in production: invite links, which let anyone join a shop's team,"
                            + " and the SMTP password would cross the network in clear; set it to 'required' (port"
                            + " 587) or mail.ssl to true (port 465), or relay through a server on this machine"
                            + " (localhost)"));
        }
        return problems;
    }

    /**
     * True for a loopback name or address ({@code localhost}, {@code 127.0.0.1}, {@code ::1}): a relay on this machine,
     * which nothing on the network sees. Never looks a name up.
     */
    static boolean onThisMachine(String host) {
        String name = host.toLowerCase(Locale.ROOT);
        if (name.startsWith("[") && name.endsWith("]")) {
            name = name.substring(1, name.length() - 1);
        }
        if (name.equals("localhost") || name.endsWith(".localhost")) {
            return true;
        }
        boolean literal =
                name.matches("[0-9]{1,3}(\\.[0-9]{1,3}){3}") || (name.contains(":") && name.matches("[0-9a-f:.]+"));
        if (!literal) {
            return false;
        }
        try {
            return java.net.InetAddress.getByName(name).isLoopbackAddress(); // a literal: parsed, not resolved
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }

    /** The embedded database as started: it must be reached with a password (see db.EmbeddedDatabase). */
    public static List<String> databaseProblems(AppConfig config, DatabaseTarget target) {
        if (!config.production()
                || (target.password() != null && !target.password().isEmpty())) {
            return List.of();
        }
        return List.of(line(
                config.db().url() == null ? "data_dir" : "db.url",
                "the database is reached without a password; production refuses it"));
    }

    /** Why {@code secret} is not fit for production, if it is not. */
    static java.util.Optional<String> secretProblem(String secret) {
        if (secret == null) {
            return java.util.Optional.of("is missing; generate one with: openssl rand -base64 48");
        }
        if (secret.length() < MIN_SECRET_LENGTH) {
            return java.util.Optional.of(
                    "is shorter than " + MIN_SECRET_LENGTH + " characters; generate one with: openssl rand -base64 48");
        }
        if (repeatsAShortPattern(secret)) {
            return java.util.Optional.of(
                    "is one character or a short pattern repeated; generate one with: openssl rand -base64 48");
        }
        String letters = secret.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
        for (String word : WELL_KNOWN_WORDS) {
            if (letters.contains(word)) {
                return java.util.Optional.of(
                        "contains the well-known word '" + word + "'; generate one with: openssl rand -base64 48");
            }
        }
        if (secret.chars().distinct().count() < 10) {
            return java.util.Optional.of(
                    "uses fewer than 10 different characters; generate one with: openssl rand -base64 48");
        }
        return java.util.Optional.empty();
    }

    /** True when the text is some prefix of at most half its length repeated (also "aaaa…", "abab…"). */
    static boolean repeatsAShortPattern(String text) {
        int length = text.length();
        for (int period = 1; period <= length / 2; period++) {
            boolean periodic = true;
            for (int i = period; i < length && periodic; i++) {
                periodic = text.charAt(i) == text.charAt(i - period);
            }
            if (periodic) {
                return true;
            }
        }
        return false;
    }

    /** The password written in the URL itself (the client would otherwise fall back to a default one). */
    private static String passwordOf(String url) {
        try {
            // the part before the parameters: a certificate's path after sslrootcert= may hold a space
            String userInfo = URI.create(DatabaseTarget.withoutParameters(url)).getRawUserInfo();
            int colon = userInfo == null ? -1 : userInfo.indexOf(':');
            return colon < 0 ? "" : userInfo.substring(colon + 1);
        } catch (IllegalArgumentException e) {
            return ""; // AppConfig refuses URLs that do not parse before we get here
        }
    }

    /** What is wrong with a live provider URL in production: plain http (what would travel in clear), or the sandbox. */
    private static Optional<String> providerUrlProblem(String url, String inClear) {
        String scheme = parsed(url).map(URI::getScheme).orElse(null);
        if (scheme != null && !"https".equals(scheme.toLowerCase(Locale.ROOT))) {
            return Optional.of(
                    "must be an https:// URL in production (" + inClear + " would travel in clear), got '" + url + "'");
        }
        return sandboxHost(url);
    }

    /**
     * A live provider still pointed at MonCash's sandbox (the defaults): with live credentials every payment would
     * fail, and with sandbox ones test payments would complete in production.
     */
    private static Optional<String> sandboxHost(String url) {
        String host = parsed(url).map(URI::getHost).orElse(null);
        return host != null && host.toLowerCase(Locale.ROOT).startsWith("sandbox.")
                ? Optional.of("points at the wallet provider's sandbox (" + host + ") in production; set"
                        + " the live URL (MonCash: https://moncashbutton.digicelgroup.com/...)")
                : Optional.empty();
    }

    /**
     * {@code url} as a URI; empty when it is not one, a problem the configuration's rules name themselves, so that
     * the other refusals of the same start are still said.
     */
    private static Optional<URI> parsed(String url) {
        try {
            return url == null ? Optional.empty() : Optional.of(new URI(url));
        } catch (java.net.URISyntaxException e) {
            return Optional.empty();
        }
    }

    public static String line(String key, String problem) {
        return ConfigException.line(key, problem);
    }
}
