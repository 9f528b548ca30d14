package io.walletpay.config;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.vertx.core.json.JsonObject;
import io.walletpay.page.Language;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Digits;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.hibernate.validator.constraints.Range;

/**
 * The whole configuration as typed records, one per section of {@code config/application.json}; each component is
 * the key of the same name in snake case ({@code maxBodyBytes} is {@code http.max_body_bytes}). Ranges and
 * required keys are declared on the components; rules that span keys live in {@link ConfigRules}.
 */
public record AppConfig(
        @NotNull Mode mode,
        String publicBaseUrl,
        @NotNull Path dataDir,
        @Size(min = 24, message = "must be at least 24 characters") String adminToken,
        @NotNull @Valid Http http,
        @NotNull @Valid Db db,
        @NotNull @Valid Jwt jwt,
        @NotNull @Valid Fees fees,
        @NotNull @Valid Payments payments,
        @NotNull @Valid Webhooks webhooks,
        @NotNull @Valid Provider provider,
        @NotNull @Valid Money money,
        @NotNull @Valid Checkout checkout,
        @NotNull @Valid Management management,
        @NotNull @Valid Logins logins,
        @NotNull Role role,
        @NotNull @Valid Cluster cluster,
        @Range(min = 0, max = AppConfig.MAX_EVENT_LOOPS) int eventLoops,
        @NotNull @Valid Backup backup,
        @NotNull @Valid Mail mail) {

    public static final int MAX_EVENT_LOOPS = 256;

    /**
     * Without {@code public_base_url}, the service is reached on localhost at its port; never a trailing slash.
     * {@code event_loops} 0 means {@link #defaultEventLoops()}, and {@code http.instances} or
     * {@code db.store_instances} 0 one per event loop (an {@code event_loops} out of its range is left for the
     * validator to name, and only it).
     */
    public AppConfig {
        if (publicBaseUrl == null && http != null) {
            publicBaseUrl = "http://localhost:" + http.port();
        } else if (publicBaseUrl != null && publicBaseUrl.endsWith("/") && !publicBaseUrl.endsWith("://")) {
            publicBaseUrl = publicBaseUrl.substring(0, publicBaseUrl.length() - 1);
        }
        if (eventLoops == 0) {
            eventLoops = defaultEventLoops();
        }
        if (eventLoops >= 1 && eventLoops <= MAX_EVENT_LOOPS) {
            if (http != null && http.instances() == 0) {
                http = http.withInstances(eventLoops);
            }
            if (db != null && db.storeInstances() == 0) {
                db = db.withStoreInstances(eventLoops);
            }
        }
    }

    /**
     * One event loop per two cores the JVM may use (a container's CPU limit counts), at least one. PostgreSQL does
     * most of a payment's work, and every further event loop adds hand-offs between threads, each a wake-up: on two
     * cores one event loop cost a tenth to a fifth less CPU per paid payment than two at 400 and 1 000 a second, for
     * the same capacity (docs/performance.md). Vert.x's default is two per core.
     */
    public static int defaultEventLoops() {
        return Math.min(MAX_EVENT_LOOPS, Math.max(1, Runtime.getRuntime().availableProcessors() / 2));
    }

    static final String TWO_DECIMALS = "expected at most two decimals, like 2.50";

    public enum Mode {
        DEVELOPMENT,
        PRODUCTION
    }

    public record Http(
            @NotNull String host,
            @Range(max = 65535) int port,
            @Range(max = 256) int instances,
            @Range(min = 1024, max = 64 * 1024 * 1024) int maxBodyBytes,
            @Range(min = 1, max = 3600) int idleTimeoutSeconds,
            @Range(min = 1024, max = 1024 * 1024) int maxHeaderBytes,
            @Range(max = 25) int shutdownGraceSeconds,
            @Range(min = 1, max = 1_000_000) int maxConnections,
            @JsonDeserialize(using = CommaSeparated.class) List<String> trustedProxies) {

        public Http {
            trustedProxies = trustedProxies == null ? List.of() : List.copyOf(trustedProxies);
        }

        Http withInstances(int count) {
            return new Http(
                    host,
                    port,
                    count,
                    maxBodyBytes,
                    idleTimeoutSeconds,
                    maxHeaderBytes,
                    shutdownGraceSeconds,
                    maxConnections,
                    trustedProxies);
        }
    }

    /**
     * {@code url} is null when the embedded PostgreSQL is to be used. {@code storeInstances} 0 means one per event
     * loop (resolved by {@link AppConfig}, which knows how many there are).
     */
    public record Db(
            String url,
            @Range(min = 1, max = 512) int poolSize,
            @Range(min = 1, max = 4096) int pipeliningLimit,
            @Range(min = 100, max = 120_000) int connectTimeoutMs,
            @Range(min = 50, max = 120_000) int acquireTimeoutMs,
            @Range(min = 50, max = 120_000) int timeoutMs,
            @Range(max = 65535) int embeddedPort,
            @Range(max = 256) int storeInstances,
            @NotNull Switch groupCommit) {

        Db withStoreInstances(int instances) {
            return new Db(
                    url,
                    poolSize,
                    pipeliningLimit,
                    connectTimeoutMs,
                    acquireTimeoutMs,
                    timeoutMs,
                    embeddedPort,
                    instances,
                    groupCommit);
        }

        @Override
        public String toString() {
            return "Db[external=" + (url != null) + ", poolSize=" + poolSize + ", pipeliningLimit=" + pipeliningLimit
                    + ", timeoutMs=" + timeoutMs + ", storeInstances=" + storeInstances + ", groupCommit="
                    + groupCommit + "]";
        }
    }

    /** A feature written {@code on} or {@code off}. */
    public enum Switch {
        ON,
        OFF;

        public boolean on() {
            return this == ON;
        }
    }

    public record Jwt(
            @NotNull @Pattern(regexp = "HS256|ES256|RS256", message = "expected one of [HS256, ES256, RS256]")
                    String algorithm,
            @Size(min = 32, message = "must be at least 32 characters") String secret,
            String privateKeyPem,
            String publicKeyPem,
            @NotNull String issuer,
            @NotNull String audience,
            @Range(min = 60, max = 86_400) int ttlSeconds) {

        public Jwt {
            algorithm = algorithm == null ? null : algorithm.toUpperCase(Locale.ROOT);
        }

        public Duration ttl() {
            return Duration.ofSeconds(ttlSeconds);
        }

        @Override
        public String toString() {
            return "Jwt[algorithm=" + algorithm + ", issuer=" + issuer + ", audience=" + audience + ", ttl=" + ttl()
                    + ", secret=***]";
        }
    }

    public record Fees(
            @NotNull @DecimalMin("0") @DecimalMax("100") @Digits(integer = 3, fraction = 2, message = TWO_DECIMALS)
                    BigDecimal percent,
            @NotNull @DecimalMin("0") @DecimalMax("1000000") @Digits(integer = 7, fraction = 2, message = TWO_DECIMALS)
                    BigDecimal fixed) {

        public Fees {
            percent = centimes(percent);
            fixed = centimes(fixed);
        }
    }

    /**
     * Guessing limits: failed logins (merchant token, admin token, portal) allowed per source address and per
     * account within {@code window}, refilled gradually over it.
     */
    public record Logins(
            @Range(min = 1, max = 1_000_000) int failuresPerAddress,
            @Range(min = 1, max = 1_000_000) int failuresPerAccount,
            @Range(min = 1, max = 86_400) int windowSeconds) {

        public Duration window() {
            return Duration.ofSeconds(windowSeconds);
        }
    }

    /** Customer pages: the language of a page when neither the customer nor the merchant chose one. */
    public record Checkout(@NotNull Language defaultLocale) {}

    /**
     * Where {@code /metrics} (and a copy of the health routes) is served apart from the API. {@code port} 0: no
     * separate listener; then the API port serves {@code /metrics}, behind the admin token in production.
     */
    /**
     * The management listener, and the token Prometheus sends for {@code /metrics} on the API port in production
     * ({@code metrics_token}, so a scraper need not hold the admin token; without it the admin token is asked).
     */
    public record Management(
            @NotNull String host,
            @Range(max = 65535) int port,
            @Size(min = 24, message = "must be at least 24 characters") String metricsToken) {

        public boolean separate() {
            return port > 0;
        }
    }

    /**
     * What a node runs: {@code all} everything, {@code api} HTTP, checkout and the store, {@code worker} webhook
     * delivery plus the store's sweeps. Any mix runs against one database.
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

    /**
     * Vert.x clustered over Hazelcast with static TCP members ({@code host:port,...}); multicast is off.
     * {@code merchantCacheSeconds}: how long an HTTP verticle serves a merchant it looked up without asking the store
     * again; a change committed on any node drops it at once, so this bounds only the staleness of a node that
     * missed that message.
     */
    public record Cluster(
            boolean enabled,
            @JsonDeserialize(using = CommaSeparated.class) List<String> members,
            @NotNull String host,
            @Range(min = 1, max = 65535) int port,
            @Range(max = 86_400) int merchantCacheSeconds) {

        public Cluster {
            members = members == null ? List.of() : List.copyOf(members);
        }
    }

    /**
     * Backups of the embedded PostgreSQL through pgBackRest: off without {@code repoPath} (a directory, a mounted
     * disk say); with it the server archives its WAL there continuously, {@code backup} takes base backups (the first
     * full, then incremental) and {@code restore} brings the data back to a moment. {@code retentionFull}: full
     * backups kept, with the WAL needed to restore to any moment since the oldest; {@code fullEveryDays}: an
     * incremental backup becomes a full one when the last full is older than that. {@code pgbackrest}: the program.
     */
    public record Backup(
            Path repoPath,
            @Range(min = 1, max = 100) int retentionFull,
            @Range(min = 1, max = 365) int fullEveryDays,
            @NotNull String pgbackrest) {

        public boolean enabled() {
            return repoPath != null;
        }

        /** The settings pgBackRest is run with; null when backups are off. */
        public io.walletpay.db.BackupSettings settings() {
            return enabled()
                    ? new io.walletpay.db.BackupSettings(repoPath, retentionFull, fullEveryDays, pgbackrest)
                    : null;
        }
    }

    /**
     * The SMTP server invitations to a shop's team are sent through; without {@code host} no e-mail is sent (the
     * portal shows every invite link to copy either way). {@code from} is the letters' sender ({@code walletpay
     * <no-reply@pay.example.ht>}); {@code username} and {@code password} log in to the server when set;
     * {@code ssl} speaks TLS from the first byte (port 465), otherwise {@code starttls} says whether the plain
     * connection must ({@code required}), may ({@code optional}) or must not ({@code disabled}) turn to TLS.
     */
    public record Mail(
            String host,
            @Range(min = 1, max = 65535) int port,
            String from,
            String username,
            String password,
            @NotNull io.walletpay.mail.MailSettings.StartTls starttls,
            boolean ssl) {

        public boolean configured() {
            return host != null;
        }

        /** The settings letters are sent with; null when mail is not configured. */
        public io.walletpay.mail.MailSettings settings() {
            return configured()
                    ? new io.walletpay.mail.MailSettings(
                            host, port, from, username, password, starttls, ssl, io.walletpay.mail.MailSettings.TIMEOUT)
                    : null;
        }

        @Override
        public String toString() {
            return "Mail[host=" + host + ", port=" + port + ", from=" + from + ", username=" + username
                    + ", password=" + (password == null ? "none" : "***") + ", starttls=" + starttls + ", ssl=" + ssl
                    + "]";
        }
    }

    public record Payments(
            @NotNull
                    @DecimalMin("0.01")
                    @DecimalMax("1000000000")
                    @Digits(integer = 10, fraction = 2, message = TWO_DECIMALS)
                    BigDecimal minAmount,
            @NotNull
                    @DecimalMin("0.01")
                    @DecimalMax("1000000000")
                    @Digits(integer = 10, fraction = 2, message = TWO_DECIMALS)
                    BigDecimal maxAmount,
            @Range(min = 1, max = 7 * 24 * 60) int expiryMinutes,
            @Range(min = 1, max = 3600) int expirySweepSeconds,
            @Range(min = 24, max = 24 * 30) int idempotencyTtlHours,
            @Range(min = 1, max = 1_000_000) int createRatePerSecond,
            @Range(min = 1, max = 1_000_000) int linkPaymentsPerMinute) {

        public Payments {
            minAmount = centimes(minAmount);
            maxAmount = centimes(maxAmount);
        }

        public Duration expiry() {
            return Duration.ofMinutes(expiryMinutes);
        }

        public Duration expirySweepInterval() {
            return Duration.ofSeconds(expirySweepSeconds);
        }

        public Duration idempotencyTtl() {
            return Duration.ofHours(idempotencyTtlHours);
        }
    }

    /** {@code retrySchedule} is the config string, parsed by the webhook sender's RetrySchedule. */
    public record Webhooks(
            @Range(min = 1, max = 64) int instances,
            @NotNull String retrySchedule,
            @Range(min = 100, max = 60_000) int connectTimeoutMs,
            @Range(min = 100, max = 120_000) int requestTimeoutMs,
            @Range(min = 1, max = 100_000) int maxInFlight,
            @Range(min = 1, max = 10_000) int maxInFlightPerEndpoint,
            @Range(min = 5, max = 3600) int leaseSeconds,
            @Range(min = 10, max = 60_000) int pollIntervalMs,
            @JsonDeserialize(using = CommaSeparated.class) List<String> allowedSubnets,
            @Range(max = 24 * 30) int secretOverlapHours,
            @Range(min = 1, max = 24 * 30) int failingAfterHours) {

        public Webhooks {
            allowedSubnets = allowedSubnets == null ? List.of() : List.copyOf(allowedSubnets);
        }
    }

    /**
     * Credentials and URLs are only required in {@code live} mode. {@code lookupsPerMinute} bounds the retrieve
     * calls the customer's return and the Alert URL may make, all nodes together; {@code lookupsPerAddressPerMinute}
     * those one client address may cause (per node): both spend the business account's API quota.
     */
    public record Provider(
            @NotNull @Pattern(regexp = "sandbox|live", message = "expected one of [sandbox, live]") String mode,
            String apiBaseUrl,
            String gatewayBaseUrl,
            String clientId,
            String clientSecret,
            @Range(min = 100, max = 60_000) int connectTimeoutMs,
            @Range(min = 100, max = 120_000) int requestTimeoutMs,
            @NotNull String tokenPath,
            @NotNull String createPaymentPath,
            @NotNull String retrieveTransactionPath,
            @NotNull String retrieveOrderPath,
            @NotNull String redirectPath,
            @DecimalMin("0.01") @DecimalMax("1000000000") @Digits(integer = 10, fraction = 2, message = TWO_DECIMALS)
                    BigDecimal maxAmount,
            @Range(min = 1, max = 1_000_000) int lookupsPerMinute,
            @Range(min = 1, max = 1_000_000) int lookupsPerAddressPerMinute) {

        public Provider {
            mode = mode == null ? null : mode.toLowerCase(Locale.ROOT);
            maxAmount = centimes(maxAmount);
        }

        public boolean live() {
            return "live".equals(mode);
        }

        @Override
        public String toString() {
            return "Provider[mode=" + mode + ", apiBaseUrl=" + apiBaseUrl + ", clientSecret=***]";
        }
    }

    /**
     * Money out and the books. {@code settleWindow} ({@code "30m"}; units s, m, h) is how long a transfer whose
     * outcome is unknown is asked about at the provider before it is held for an operator's review;
     * {@code openingBalance} is what the provider's business account held when this service began to use it, the
     * starting figure of the books the reconciliation checks.
     */
    public record Money(
            @NotNull String settleWindow,
            @NotNull
                    @DecimalMin("0.00")
                    @DecimalMax("100000000000")
                    @Digits(integer = 12, fraction = 2, message = TWO_DECIMALS)
                    BigDecimal openingBalance) {

        public Money {
            openingBalance = centimes(openingBalance);
        }

        /** The settle window as a duration; the configuration's rules have checked it reads. */
        public Duration settleWindowLength() {
            return DurationText.parse(settleWindow);
        }
    }

    /**
     * Never prints secrets: the admin token, the JWT secret, the database URL (it may carry a password) and the mail
     * password.
     */
    @Override
    public String toString() {
        return "AppConfig[mode=" + mode + ", publicBaseUrl=" + publicBaseUrl + ", dataDir=" + dataDir
                + ", http=" + http + ", db.external=" + (db.url() != null) + ", jwt.algorithm=" + jwt.algorithm()
                + ", fees=" + fees + ", payments=" + payments + ", webhooks=" + webhooks + ", provider=" + provider
                + ", mail=" + mail + "]";
    }

    public boolean production() {
        return mode == Mode.PRODUCTION;
    }

    /**
     * Binds and validates {@code json} (defaults with overrides already applied); every problem is reported, one
     * line each, in a {@link ConfigException}.
     */
    public static AppConfig from(JsonObject json) {
        return ConfigBinding.bind(json);
    }

    /** Amounts carry centimes: {@code 2.5} becomes {@code 2.50}; more decimals are left for validation to refuse. */
    private static BigDecimal centimes(BigDecimal amount) {
        return amount == null || amount.scale() > 2 ? amount : amount.setScale(2);
    }
}
