package io.walletpay.config;

import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The whole configuration, typed and validated once at start-up. Built from the JSON defaults with environment
 * overrides applied; every invalid value is reported as a {@link ConfigException} naming its key.
 */
public record AppConfig(
        Mode mode,
        String publicBaseUrl,
        Path dataDir,
        String adminToken,
        Http http,
        Db db,
        Jwt jwt,
        Fees fees,
        Payments payments,
        Webhooks webhooks,
        Provider provider,
        Checkout checkout,
        Management management,
        Logins logins,
        Role role,
        Cluster cluster) {

    public enum Mode {
        DEVELOPMENT,
        PRODUCTION
    }

    public record Http(
            String host,
            int port,
            int instances,
            int maxBodyBytes,
            int idleTimeoutSeconds,
            int maxHeaderBytes,
            int shutdownGraceSeconds,
            int maxConnections) {}

    /** {@code url} is null when the embedded PostgreSQL is to be used. */
    public record Db(
            String url,
            int poolSize,
            int pipeliningLimit,
            int connectTimeoutMs,
            int acquireTimeoutMs,
            int timeoutMs,
            int embeddedPort,
            int storeInstances,
            boolean groupCommit) {

        @Override
        public String toString() {
            return "Db[external=" + (url != null) + ", poolSize=" + poolSize + ", pipeliningLimit=" + pipeliningLimit
                    + ", timeoutMs=" + timeoutMs + ", storeInstances=" + storeInstances + ", groupCommit=" + groupCommit
                    + "]";
        }
    }

    public record Jwt(
            String algorithm,
            String secret,
            String privateKeyPem,
            String publicKeyPem,
            String issuer,
            String audience,
            Duration ttl) {

        @Override
        public String toString() {
            return "Jwt[algorithm=" + algorithm + ", issuer=" + issuer + ", audience=" + audience + ", ttl=" + ttl
                    + ", secret=***]";
        }
    }

    public record Fees(BigDecimal percent, BigDecimal fixed) {}

    /**
     * Guessing limits: failed logins (merchant token, admin token, portal) allowed per source address and per
     * account within {@code window}, refilled gradually over it.
     */
    public record Logins(int failuresPerAddress, int failuresPerAccount, Duration window) {}

    /** Customer pages: the language of a page when neither the customer nor the merchant chose one. */
    public record Checkout(io.walletpay.page.Language defaultLocale) {}

    /**
     * Where {@code /metrics} (and a copy of the health routes) is served apart from the API. {@code port} 0: no
     * separate listener; then the API port serves {@code /metrics}, behind the admin token in production.
     */
    public record Management(String host, int port) {

        public boolean separate() {
            return port > 0;
        }
    }

    /**
     * What a node runs (DESIGN.md section 14): {@code all} everything, {@code api} HTTP, checkout and the store,
     * {@code worker} webhook delivery plus the store's sweeps. Any mix runs against one database.
     */
    public enum Role {
        ALL,
        API,
        WORKER;

        public boolean servesHttp() {
            return this != WORKER;
        }

        public boolean deliversWebhooks() {
            return this != API;
        }
    }

    /** Vert.x clustered over Hazelcast with static TCP members ({@code host:port,...}); multicast is off. */
    /**
     * {@code merchantCacheSeconds}: how long an HTTP verticle serves a merchant it looked up without asking the store
     * again; a change committed on any node drops it at once (MERCHANT_CHANGED), so this bounds only the staleness of
     * a node that missed that message.
     */
    public record Cluster(boolean enabled, List<String> members, String host, int port, int merchantCacheSeconds) {

        public Cluster(boolean enabled, List<String> members, String host, int port) {
            this(enabled, members, host, port, 5);
        }
    }

    public record Payments(
            BigDecimal minAmount,
            BigDecimal maxAmount,
            Duration expiry,
            Duration expirySweepInterval,
            Duration idempotencyTtl,
            int createRatePerSecond,
            int linkPaymentsPerMinute) {

        /** With the shipped limit of payments one client address may start through payment links. */
        public Payments(
                BigDecimal minAmount,
                BigDecimal maxAmount,
                Duration expiry,
                Duration expirySweepInterval,
                Duration idempotencyTtl,
                int createRatePerSecond) {
            this(minAmount, maxAmount, expiry, expirySweepInterval, idempotencyTtl, createRatePerSecond, 20);
        }
    }

    /** {@code retrySchedule} is the config string, parsed by the webhook sender's RetrySchedule. */
    public record Webhooks(
            int instances,
            String retrySchedule,
            int connectTimeoutMs,
            int requestTimeoutMs,
            int maxInFlight,
            int maxInFlightPerEndpoint,
            int leaseSeconds,
            int pollIntervalMs,
            List<String> allowedSubnets,
            int secretOverlapHours,
            int failingAfterHours) {}

    /** Credentials and URLs are only required in {@code live} mode. */
    public record Provider(
            String mode,
            String apiBaseUrl,
            String gatewayBaseUrl,
            String clientId,
            String clientSecret,
            int connectTimeoutMs,
            int requestTimeoutMs,
            String tokenPath,
            String createPaymentPath,
            String retrieveTransactionPath,
            String retrieveOrderPath,
            String redirectPath,
            java.math.BigDecimal maxAmount) {

        public boolean live() {
            return mode.equals("live");
        }

        @Override
        public String toString() {
            return "Provider[mode=" + mode + ", apiBaseUrl=" + apiBaseUrl + ", clientSecret=***]";
        }
    }

    /** Never prints secrets: the admin token, the JWT secret and the database URL (it may carry a password). */
    @Override
    public String toString() {
        return "AppConfig[mode=" + mode + ", publicBaseUrl=" + publicBaseUrl + ", dataDir=" + dataDir
                + ", http=" + http + ", db.external=" + (db.url() != null) + ", jwt.algorithm=" + jwt.algorithm()
                + ", fees=" + fees + ", payments=" + payments + ", webhooks=" + webhooks + ", provider=" + provider
                + "]";
    }

    public boolean production() {
        return mode == Mode.PRODUCTION;
    }

    /** Reads and validates {@code json} (defaults with overrides already applied). */
    public static AppConfig from(JsonObject json) {
        ConfigReader root = new ConfigReader(json, "");
        Mode mode = root.oneOf("mode", Mode.class);
        ConfigReader http = root.child("http");
        Http httpConfig = new Http(
                root.child("http").text("host"),
                http.intIn("port", 0, 65535),
                http.intIn("instances", 0, 256),
                http.intIn("max_body_bytes", 1024, 64 * 1024 * 1024),
                http.intIn("idle_timeout_seconds", 1, 3600),
                http.intIn("max_header_bytes", 1024, 1024 * 1024),
                http.intIn("shutdown_grace_seconds", 0, 25),
                http.intIn("max_connections", 1, 1_000_000));
        String publicBaseUrl = root.optionalText("public_base_url");
        if (publicBaseUrl == null) {
            publicBaseUrl = "http://localhost:" + httpConfig.port();
        }
        publicBaseUrl = validBaseUrl(publicBaseUrl);

        ConfigReader db = root.child("db");
        String dbUrl = db.optionalText("url");
        if (dbUrl != null) {
            boolean parses;
            try {
                parses = (dbUrl.startsWith("postgresql://") || dbUrl.startsWith("postgres://"))
                        && io.vertx.pgclient.PgConnectOptions.fromUri(dbUrl).getHost() != null;
            } catch (RuntimeException e) {
                parses = false; // its message would repeat the URL, password included
            }
            if (!parses) {
                throw new ConfigException(
                        "db.url",
                        "expected postgresql://user:password@host:port/database"
                                + " (characters such as # or @ in the password must be percent-encoded)");
            }
        }
        Db dbConfig = new Db(
                dbUrl,
                db.intIn("pool_size", 1, 512),
                db.intIn("pipelining_limit", 1, 4096),
                db.intIn("connect_timeout_ms", 100, 120_000),
                db.intIn("acquire_timeout_ms", 50, 120_000),
                db.intIn("timeout_ms", 50, 120_000),
                db.intIn("embedded_port", 0, 65535),
                resolvedInstances(db.intIn("store_instances", 0, 256)),
                db.oneOfText("group_commit", "on", "off").equals("on"));

        ConfigReader jwt = root.child("jwt");
        Jwt jwtConfig = new Jwt(
                jwt.oneOfText("algorithm", "HS256", "ES256", "RS256"),
                jwt.optionalText("secret"),
                jwt.optionalText("private_key_pem"),
                jwt.optionalText("public_key_pem"),
                jwt.text("issuer"),
                jwt.text("audience"),
                Duration.ofSeconds(jwt.intIn("ttl_seconds", 60, 86_400)));
        if (jwtConfig.secret() != null && jwtConfig.secret().length() < 32) {
            throw new ConfigException("jwt.secret", "must be at least 32 characters");
        }
        if (!jwtConfig.algorithm().equals("HS256")
                && (jwtConfig.privateKeyPem() == null || jwtConfig.publicKeyPem() == null)) {
            throw new ConfigException(
                    "jwt.private_key_pem", jwtConfig.algorithm() + " needs private_key_pem and public_key_pem files");
        }

        ConfigReader fees = root.child("fees");
        Fees feesConfig = new Fees(
                fees.decimalIn("percent", BigDecimal.ZERO, new BigDecimal("100")),
                fees.decimalIn("fixed", BigDecimal.ZERO, new BigDecimal("1000000")));

        ConfigReader payments = root.child("payments");
        BigDecimal min = payments.decimalIn("min_amount", new BigDecimal("0.01"), new BigDecimal("1000000000"));
        BigDecimal max = payments.decimalIn("max_amount", min, new BigDecimal("1000000000"));
        Payments paymentsConfig = new Payments(
                min,
                max,
                Duration.ofMinutes(payments.intIn("expiry_minutes", 1, 7 * 24 * 60)),
                Duration.ofSeconds(payments.intIn("expiry_sweep_seconds", 1, 3600)),
                Duration.ofHours(payments.intIn("idempotency_ttl_hours", 24, 24 * 30)),
                payments.intIn("create_rate_per_second", 1, 1_000_000),
                payments.intIn("link_payments_per_minute", 1, 1_000_000));

        ConfigReader webhooks = root.child("webhooks");
        Webhooks webhooksConfig = new Webhooks(
                webhooks.intIn("instances", 1, 64),
                webhooks.text("retry_schedule"),
                webhooks.intIn("connect_timeout_ms", 100, 60_000),
                webhooks.intIn("request_timeout_ms", 100, 120_000),
                webhooks.intIn("max_in_flight", 1, 100_000),
                webhooks.intIn("max_in_flight_per_endpoint", 1, 10_000),
                webhooks.intIn("lease_seconds", 5, 3600),
                webhooks.intIn("poll_interval_ms", 10, 60_000),
                subnets(webhooks.optionalText("allowed_subnets")),
                webhooks.intIn("secret_overlap_hours", 0, 24 * 30),
                webhooks.intIn("failing_after_hours", 1, 24 * 30));
        try {
            io.walletpay.webhook.RetrySchedule.parse(webhooksConfig.retrySchedule());
        } catch (IllegalArgumentException e) {
            throw new ConfigException("webhooks.retry_schedule", e.getMessage());
        }
        try {
            new io.walletpay.webhook.TargetGuard(false, webhooksConfig.allowedSubnets());
        } catch (IllegalArgumentException e) {
            throw new ConfigException("webhooks.allowed_subnets", e.getMessage());
        }
        if (webhooksConfig.leaseSeconds() * 1000L
                <= webhooksConfig.requestTimeoutMs() + webhooksConfig.connectTimeoutMs()) {
            throw new ConfigException("webhooks.lease_seconds", "must outlast connect_timeout_ms + request_timeout_ms");
        }

        ConfigReader provider = root.child("provider");
        Provider providerConfig = new Provider(
                provider.oneOfText("mode", "sandbox", "live"),
                provider.optionalText("api_base_url"),
                provider.optionalText("gateway_base_url"),
                provider.optionalText("client_id"),
                provider.optionalText("client_secret"),
                provider.intIn("connect_timeout_ms", 100, 60_000),
                provider.intIn("request_timeout_ms", 100, 120_000),
                provider.text("token_path"),
                provider.text("create_payment_path"),
                provider.text("retrieve_transaction_path"),
                provider.text("retrieve_order_path"),
                provider.text("redirect_path"),
                provider.optionalDecimalIn(
                        "max_amount", new java.math.BigDecimal("0.01"), new java.math.BigDecimal("1000000000")));
        if (providerConfig.live()) {
            for (String key : List.of("api_base_url", "gateway_base_url", "client_id", "client_secret")) {
                if (provider.optionalText(key) == null) {
                    throw new ConfigException("provider." + key, "is required when provider.mode is live");
                }
            }
            io.walletpay.config.LiveProviderSettings.from(providerConfig); // URLs and timeouts the adapter can use
        }

        String adminToken = root.optionalText("admin_token");
        if (adminToken != null && adminToken.length() < 24) {
            throw new ConfigException("admin_token", "must be at least 24 characters");
        }
        if (mode == Mode.PRODUCTION) {
            if (adminToken == null) {
                throw new ConfigException("admin_token", "production mode needs WALLETPAY_ADMIN_TOKEN");
            }
            if (jwtConfig.algorithm().equals("HS256") && jwtConfig.secret() == null) {
                throw new ConfigException(
                        "jwt.secret", "production mode needs WALLETPAY_JWT_SECRET (or ES256/RS256 key files)");
            }
        }
        ConfigReader management = root.child("management");
        Management managementConfig = new Management(management.text("host"), management.intIn("port", 0, 65535));
        if (managementConfig.separate() && managementConfig.port() == httpConfig.port()) {
            throw new ConfigException("management.port", "must differ from http.port (0 serves /metrics on the API)");
        }
        return new AppConfig(
                mode,
                publicBaseUrl,
                Path.of(root.text("data_dir")),
                adminToken,
                httpConfig,
                dbConfig,
                jwtConfig,
                feesConfig,
                paymentsConfig,
                webhooksConfig,
                providerConfig,
                new Checkout(io.walletpay.page.Language.fromTag(
                                root.child("checkout").oneOfText("default_locale", "ht", "fr", "en"))
                        .orElseThrow()),
                managementConfig,
                logins(root.child("logins")),
                Role.valueOf(root.oneOfText("role", "all", "api", "worker").toUpperCase(java.util.Locale.ROOT)),
                cluster(root.child("cluster")));
    }

    private static Cluster cluster(ConfigReader cluster) {
        Cluster config = new Cluster(
                cluster.bool("enabled"),
                subnets(cluster.optionalText("members")),
                cluster.text("host"),
                cluster.intIn("port", 1, 65535),
                cluster.intIn("merchant_cache_seconds", 0, 86_400));
        if (config.enabled() && config.members().isEmpty()) {
            throw new ConfigException("cluster.members", "is required when cluster.enabled is true (host:port,...)");
        }
        for (String member : config.members()) {
            int colon = member.lastIndexOf(':');
            if (colon <= 0 || !member.substring(colon + 1).matches("[0-9]{1,5}")) {
                throw new ConfigException("cluster.members", "expected host:port, got '" + member + "'");
            }
        }
        return config;
    }

    private static Logins logins(ConfigReader logins) {
        return new Logins(
                logins.intIn("failures_per_address", 1, 1_000_000),
                logins.intIn("failures_per_account", 1, 1_000_000),
                Duration.ofSeconds(logins.intIn("window_seconds", 1, 86_400)));
    }

    /** 0 means one per event loop, as Vert.x sizes its event-loop pool. */
    private static int resolvedInstances(int configured) {
        return configured > 0 ? configured : io.vertx.core.VertxOptions.DEFAULT_EVENT_LOOP_POOL_SIZE;
    }

    private static List<String> subnets(String commaSeparated) {
        if (commaSeparated == null) {
            return List.of();
        }
        return java.util.Arrays.stream(commaSeparated.split(","))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .toList();
    }

    private static String validBaseUrl(String value) {
        try {
            URI uri = new URI(value);
            if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null) {
                throw new ConfigException("public_base_url", "expected an absolute http(s) URL, got '" + value + "'");
            }
        } catch (java.net.URISyntaxException e) {
            throw new ConfigException("public_base_url", "not a URL: '" + value + "'");
        }
        return value.endsWith("/") ? value.substring(0, value.length() - 1) : value;
    }
}
