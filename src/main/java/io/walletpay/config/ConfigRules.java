package io.walletpay.config;

import io.walletpay.db.DatabaseTarget;
import io.walletpay.db.DatabaseTls;
import io.walletpay.net.ClientAddress;
import io.walletpay.webhook.RetrySchedule;
import io.walletpay.webhook.TargetGuard;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The configuration rules that span keys or parse a value's inside (URLs, schedules, subnets), checked once every
 * value is in range. Each problem is one line naming the key that would fix it.
 */
final class ConfigRules {

    private ConfigRules() {}

    static List<String> problems(AppConfig config) {
        List<String> problems = new ArrayList<>();
        publicBaseUrl(config.publicBaseUrl(), problems);
        databaseUrl(config.db().url(), problems);
        jwt(config.jwt(), problems);
        if (config.payments().maxAmount().compareTo(config.payments().minAmount()) < 0) {
            problems.add(ConfigException.line(
                    "payments.max_amount",
                    "must be at least payments.min_amount (" + config.payments().minAmount() + ")"));
        }
        trustedProxies(config.http().trustedProxies(), problems);
        webhooks(config.webhooks(), problems);
        money(config.money(), problems);
        provider(config.provider(), problems);
        if (config.management().separate()
                && config.management().port() == config.http().port()) {
            problems.add(ConfigException.line(
                    "management.port", "must differ from http.port (0 serves /metrics on the API)"));
        }
        cluster(config.cluster(), problems);
        mail(config.mail(), problems);
        if (config.backup().enabled() && config.db().url() != null) {
            problems.add(ConfigException.line(
                    "backup.repo_path",
                    "backs up the embedded PostgreSQL only; a database at db.url is backed up where it runs"
                            + " (docs/operate/backups.md)"));
        }
        return problems;
    }

    private static void publicBaseUrl(String value, List<String> problems) {
        try {
            URI uri = new URI(value);
            if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null) {
                problems.add(ConfigException.line(
                        "public_base_url", "expected an absolute http(s) URL, got '" + value + "'"));
            } else if (uri.getRawQuery() != null || uri.getRawFragment() != null || uri.getRawUserInfo() != null) {
                // paths are appended to it: a query or fragment would swallow them, credentials would be published
                problems.add(ConfigException.line(
                        "public_base_url",
                        "expected a scheme, host, port and path only (no query, fragment or credentials), got '" + value
                                + "'"));
            }
        } catch (URISyntaxException e) {
            problems.add(ConfigException.line("public_base_url", "not a URL: '" + value + "'"));
        }
    }

    private static void databaseUrl(String url, List<String> problems) {
        if (url == null) {
            return;
        }
        boolean parses;
        try {
            parses = (url.startsWith("postgresql://") || url.startsWith("postgres://"))
                    && io.vertx.pgclient.PgConnectOptions.fromUri(DatabaseTarget.withoutParameters(url))
                                    .getHost()
                            != null;
        } catch (RuntimeException e) {
            parses = false; // its message would repeat the URL, password included
        }
        if (!parses) {
            problems.add(ConfigException.line(
                    "db.url",
                    "expected postgresql://user:password@host:port/database"
                            + " (characters such as #, ? or @ in the password must be percent-encoded)"));
        } else {
            connectionParameters(url, problems);
        }
    }

    /** Only TLS may be asked for after {@code ?}; anything else would be dropped without a word, so it is refused. */
    private static void connectionParameters(String url, List<String> problems) {
        int query = url.indexOf('?');
        if (query >= 0 && url.indexOf('@', query) >= 0) {
            // the password holds an unencoded '?', and its rest reads as parameters: nothing of it is shown
            problems.add(ConfigException.line(
                    "db.url", "a ? in the password (or an @ in a parameter) must be percent-encoded"));
            return;
        }
        Map<String, String> parameters;
        try {
            parameters = DatabaseTarget.urlParameters(url);
        } catch (IllegalArgumentException e) {
            problems.add(ConfigException.line("db.url", "a connection parameter is not percent-encoded correctly"));
            return;
        }
        List<String> unsupported = parameters.keySet().stream()
                .filter(name -> !DatabaseTarget.URL_PARAMETERS.contains(name))
                .toList();
        if (!unsupported.isEmpty()) {
            problems.add(ConfigException.line(
                    "db.url",
                    "connection parameters " + unsupported + " are not supported and would be ignored; only "
                            + String.join(" and ", DatabaseTarget.URL_PARAMETERS) + " are"));
        }
        String rootCert = parameters.get("sslrootcert");
        DatabaseTls.problem(parameters.get("sslmode"), rootCert)
                .ifPresentOrElse(problem -> problems.add(ConfigException.line("db.url", problem)), () -> {
                    if (rootCert != null) {
                        readable("db.url", rootCert, problems);
                    }
                });
    }

    private static void jwt(AppConfig.Jwt jwt, List<String> problems) {
        if (jwt.algorithm().equals("HS256")) {
            return;
        }
        if (jwt.privateKeyPem() == null || jwt.publicKeyPem() == null) {
            problems.add(ConfigException.line(
                    "jwt.private_key_pem", jwt.algorithm() + " needs private_key_pem and public_key_pem files"));
            return;
        }
        // read at the start, not first when the API's verticle deploys (after migrations, on API nodes only)
        readable("jwt.private_key_pem", jwt.privateKeyPem(), problems);
        readable("jwt.public_key_pem", jwt.publicKeyPem(), problems);
    }

    private static void readable(String key, String file, List<String> problems) {
        boolean readable;
        try {
            readable = Files.isReadable(Path.of(file)) && !Files.isDirectory(Path.of(file));
        } catch (java.nio.file.InvalidPathException e) {
            readable = false;
        }
        if (!readable) {
            problems.add(ConfigException.line(key, "cannot read the file '" + file + "'"));
        }
    }

    private static void trustedProxies(List<String> proxies, List<String> problems) {
        try {
            new ClientAddress(proxies);
        } catch (IllegalArgumentException e) {
            problems.add(ConfigException.line("http.trusted_proxies", e.getMessage()));
        }
    }

    private static void money(AppConfig.Money money, List<String> problems) {
        try {
            java.time.Duration window = DurationText.parse(money.settleWindow());
            if (window.compareTo(java.time.Duration.ofSeconds(10)) < 0
                    || window.compareTo(java.time.Duration.ofDays(7)) > 0) {
                problems.add(ConfigException.line("money.settle_window", "must be between 10s and 168h"));
            }
        } catch (IllegalArgumentException e) {
            problems.add(ConfigException.line("money.settle_window", e.getMessage()));
        }
    }

    private static void webhooks(AppConfig.Webhooks webhooks, List<String> problems) {
        try {
            RetrySchedule.parse(webhooks.retrySchedule());
        } catch (IllegalArgumentException e) {
            problems.add(ConfigException.line("webhooks.retry_schedule", e.getMessage()));
        }
        try {
            new TargetGuard(false, webhooks.allowedSubnets());
        } catch (IllegalArgumentException e) {
            problems.add(ConfigException.line("webhooks.allowed_subnets", e.getMessage()));
        }
        if (webhooks.leaseSeconds() * 1000L <= webhooks.requestTimeoutMs() + webhooks.connectTimeoutMs()) {
            problems.add(ConfigException.line(
                    "webhooks.lease_seconds", "must outlast connect_timeout_ms + request_timeout_ms"));
        }
    }

    private static void provider(AppConfig.Provider provider, List<String> problems) {
        if (!provider.live()) {
            return;
        }
        int before = problems.size();
        requiredWhenLive("api_base_url", provider.apiBaseUrl(), problems);
        requiredWhenLive("gateway_base_url", provider.gatewayBaseUrl(), problems);
        requiredWhenLive("client_id", provider.clientId(), problems);
        requiredWhenLive("client_secret", provider.clientSecret(), problems);
        if (problems.size() == before) {
            try {
                LiveProviderSettings.from(provider); // URLs and timeouts the adapter can use
            } catch (ConfigException e) {
                problems.addAll(e.lines());
            }
        }
    }

    private static void requiredWhenLive(String key, String value, List<String> problems) {
        if (value == null) {
            problems.add(ConfigException.line("provider." + key, "is required when provider.mode is live"));
        }
    }

    /** A server letters can be sent through: a host name, a sender, and a password for the name that logs in. */
    private static void mail(AppConfig.Mail mail, List<String> problems) {
        if (!mail.configured()) {
            return;
        }
        if (mail.host().contains("/") || mail.host().contains(" ")) {
            problems.add(ConfigException.line(
                    "mail.host", "expected the SMTP server's host name or address, got '" + mail.host() + "'"));
        }
        if (mail.from() == null) {
            problems.add(ConfigException.line(
                    "mail.from",
                    "is required when mail.host is set: the address invitations come from, like"
                            + " walletpay <no-reply@pay.example.ht>"));
        } else if (!mail.from().contains("@") || mail.from().chars().anyMatch(Character::isISOControl)) {
            problems.add(ConfigException.line(
                    "mail.from",
                    "expected an address like no-reply@pay.example.ht or walletpay <no-reply@pay.example.ht>,"
                            + " got '" + mail.from() + "'"));
        }
        if (mail.username() != null && mail.password() == null) {
            problems.add(ConfigException.line("mail.password", "is required when mail.username is set"));
        }
        if (mail.username() == null && mail.password() != null) {
            problems.add(ConfigException.line("mail.username", "is required when mail.password is set"));
        }
    }

    private static void cluster(AppConfig.Cluster cluster, List<String> problems) {
        if (cluster.enabled() && cluster.members().isEmpty()) {
            problems.add(ConfigException.line(
                    "cluster.members", "is required when cluster.enabled is true (host:port,...)"));
        }
        for (String member : cluster.members()) {
            int colon = member.lastIndexOf(':');
            if (colon <= 0 || !member.substring(colon + 1).matches("[0-9]{1,5}")) {
                problems.add(ConfigException.line("cluster.members", "expected host:port, got '" + member + "'"));
            }
        }
    }
}
