package io.walletpay.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.pgclient.SslMode;
import io.walletpay.db.DatabaseTarget;
import io.walletpay.db.DatabaseTls;
import io.walletpay.support.TestConfig;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class AppConfigTest {

    @Test
    void shippedDefaultsAreValid() {
        AppConfig config = TestConfig.with(Map.of());

        assertThat(config.mode()).isEqualTo(AppConfig.Mode.DEVELOPMENT);
        assertThat(config.http().port()).isEqualTo(8080);
        assertThat(config.publicBaseUrl()).isEqualTo("http://localhost:8080");
        assertThat(config.db().url()).isNull();
        assertThat(config.dataDir()).hasToString("./data");
        assertThat(config.payments().expiry().toMinutes()).isEqualTo(30);
    }

    /** Development listens on this machine only unless told otherwise; production on every interface. */
    @Test
    void developmentListensOnLoopbackAndProductionEverywhereUnlessHttpHostSaysOtherwise() {
        assertThat(TestConfig.with(Map.of()).http().host()).isEqualTo("127.0.0.1");
        assertThat(TestConfig.with(Map.of("WALLETPAY_HTTP_HOST", "0.0.0.0"))
                        .http()
                        .host())
                .isEqualTo("0.0.0.0");
        Map<String, String> production = Map.of(
                "WALLETPAY_MODE", "production",
                "WALLETPAY_ADMIN_TOKEN", "a-very-long-admin-token-for-tests",
                "WALLETPAY_JWT_SECRET", "0123456789abcdef0123456789abcdef");
        assertThat(TestConfig.with(production).http().host()).isEqualTo("0.0.0.0");
        java.util.Map<String, String> pinned = new java.util.HashMap<>(production);
        pinned.put("WALLETPAY_HTTP_HOST", "10.0.0.7");
        assertThat(TestConfig.with(pinned).http().host()).isEqualTo("10.0.0.7");
    }

    @Test
    void eventLoopsDefaultToOnePerTwoCoresAndMayBeSet() {
        AppConfig byDefault = TestConfig.with(Map.of());
        assertThat(byDefault.eventLoops())
                .isEqualTo(AppConfig.defaultEventLoops())
                .isEqualTo(Math.max(1, Runtime.getRuntime().availableProcessors() / 2));
        assertThat(byDefault.http().instances())
                .as("one HTTP verticle per event loop")
                .isEqualTo(byDefault.eventLoops());

        String other = Integer.toString(AppConfig.defaultEventLoops() + 1);
        AppConfig set = TestConfig.with(Map.of("WALLETPAY_EVENT_LOOPS", other));
        assertThat(set.eventLoops()).isEqualTo(AppConfig.defaultEventLoops() + 1);
        assertThat(set.http().instances()).isEqualTo(AppConfig.defaultEventLoops() + 1);
        assertThat(TestConfig.with(Map.of("WALLETPAY_EVENT_LOOPS", other, "WALLETPAY_HTTP_INSTANCES", "5"))
                        .http()
                        .instances())
                .isEqualTo(5);
    }

    @Test
    void anEventLoopCountOutOfRangeIsRefusedNamingOnlyThatKey() {
        for (String wrong : List.of("-1", "257")) {
            assertThatThrownBy(() -> TestConfig.with(
                            Map.of("WALLETPAY_EVENT_LOOPS", wrong, "WALLETPAY_DB_STORE_INSTANCES", "0")))
                    .isInstanceOfSatisfying(ConfigException.class, refused -> assertThat(refused.lines())
                            .singleElement()
                            .asString()
                            .contains("event_loops"));
        }
    }

    @Test
    void storeInstancesDefaultToOneAndZeroMeansOnePerEventLoop() {
        assertThat(TestConfig.with(Map.of()).db().storeInstances()).isEqualTo(1);
        assertThat(TestConfig.with(Map.of("WALLETPAY_DB_STORE_INSTANCES", "0"))
                        .db()
                        .storeInstances())
                .isEqualTo(AppConfig.defaultEventLoops());
        assertThat(TestConfig.with(Map.of("WALLETPAY_DB_STORE_INSTANCES", "0", "WALLETPAY_EVENT_LOOPS", "3"))
                        .db()
                        .storeInstances())
                .isEqualTo(3);
        assertThat(TestConfig.with(Map.of("WALLETPAY_DB_STORE_INSTANCES", "3"))
                        .db()
                        .storeInstances())
                .isEqualTo(3);
    }

    @Test
    void environmentOverridesEveryLevelWithTheDefaultsType() {
        AppConfig config = TestConfig.with(Map.of(
                "WALLETPAY_HTTP_PORT", "9090",
                "WALLETPAY_PUBLIC_BASE_URL", "https://pay.example.ht/",
                "WALLETPAY_DATA_DIR", "/var/lib/walletpay",
                "WALLETPAY_DB_URL", "postgresql://pay:secret@db.internal:5432/walletpay",
                "WALLETPAY_FEES_PERCENT", "2.5",
                "WALLETPAY_MODE", "production",
                "WALLETPAY_ADMIN_TOKEN", "a-very-long-admin-token-for-tests",
                "WALLETPAY_JWT_SECRET", "0123456789abcdef0123456789abcdef"));

        assertThat(config.http().port()).isEqualTo(9090);
        assertThat(config.publicBaseUrl()).isEqualTo("https://pay.example.ht");
        assertThat(config.dataDir()).hasToString("/var/lib/walletpay");
        assertThat(config.db().url()).isEqualTo("postgresql://pay:secret@db.internal:5432/walletpay");
        assertThat(config.fees().percent()).isEqualTo(new BigDecimal("2.50"));
        assertThat(config.production()).isTrue();
    }

    @Test
    void customerPagesSpeakKreyolUnlessConfiguredOtherwise() {
        assertThat(TestConfig.with(Map.of()).checkout().defaultLocale()).isEqualTo(io.walletpay.page.Language.HT);
        assertThat(TestConfig.with(Map.of("WALLETPAY_CHECKOUT_DEFAULT_LOCALE", "fr"))
                        .checkout()
                        .defaultLocale())
                .isEqualTo(io.walletpay.page.Language.FR);
        assertThatThrownBy(() -> TestConfig.with(Map.of("WALLETPAY_CHECKOUT_DEFAULT_LOCALE", "de")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("checkout.default_locale");
    }

    @Test
    void publicBaseUrlFollowsThePortWhenNotSet() {
        assertThat(TestConfig.with(Map.of("WALLETPAY_HTTP_PORT", "7001")).publicBaseUrl())
                .isEqualTo("http://localhost:7001");
    }

    @Test
    void rejectsANonNumericPortNamingTheKey() {
        assertThatThrownBy(() -> TestConfig.with(Map.of("WALLETPAY_HTTP_PORT", "eighty")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("http.port")
                .hasMessageContaining("WALLETPAY_HTTP_PORT");
    }

    @Test
    void rejectsOutOfRangeValuesNamingTheKey() {
        assertThatThrownBy(() -> TestConfig.with(Map.of("WALLETPAY_HTTP_PORT", "70000")))
                .hasMessageContaining("http.port");
        assertThatThrownBy(() -> TestConfig.with(Map.of("WALLETPAY_FEES_PERCENT", "2.555")))
                .hasMessageContaining("fees.percent");
        assertThatThrownBy(() -> TestConfig.with(Map.of("WALLETPAY_MODE", "staging")))
                .hasMessageContaining("'mode'");
        assertThatThrownBy(() -> TestConfig.with(Map.of("WALLETPAY_PUBLIC_BASE_URL", "ftp://x")))
                .hasMessageContaining("public_base_url");
        assertThatThrownBy(() -> TestConfig.with(Map.of("WALLETPAY_DB_URL", "mysql://x")))
                .hasMessageContaining("db.url");
    }

    /** An operator fixes a refused production start in one go: every problem is on its own line, naming its key. */
    @Test
    void aRefusedProductionStartNamesEveryProblemOnItsOwnLine() {
        AppConfig config = TestConfig.with(Map.of(
                "WALLETPAY_MODE", "production",
                "WALLETPAY_ADMIN_TOKEN", "password-password-password-1",
                "WALLETPAY_JWT_SECRET", "0123456789abcdef0123456789abcdef",
                "WALLETPAY_PUBLIC_BASE_URL", "http://pay.example.ht",
                "WALLETPAY_MANAGEMENT_METRICS_TOKEN", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"));
        java.util.List<String> problems = ProductionReadiness.problems(config);
        assertThat(problems).hasSizeGreaterThanOrEqualTo(4).allSatisfy(line -> assertThat(line)
                .doesNotContain("\n"));
        assertThat(String.join("\n", problems))
                .contains("provider.mode")
                .contains("admin_token")
                .contains("public_base_url")
                .contains("management.metrics_token");
    }

    /**
     * A live provider left on the default URLs talks to MonCash's sandbox: in production that is refused, naming
     * both URLs, rather than failing every payment (live credentials) or completing test ones (sandbox ones).
     */
    @Test
    void aLiveProviderStillOnTheSandboxIsRefusedInProduction() {
        List<String> problems = ProductionReadiness.problems(TestConfig.with(Map.of(
                "WALLETPAY_MODE", "production",
                "WALLETPAY_PROVIDER_MODE", "live",
                "WALLETPAY_PROVIDER_CLIENT_ID", "client-id",
                "WALLETPAY_PROVIDER_CLIENT_SECRET", "client-secret-from-the-provider")));

        assertThat(problems)
                .anySatisfy(line -> assertThat(line)
                        .startsWith("configuration key 'provider.api_base_url'")
                        .contains("sandbox"))
                .anySatisfy(line -> assertThat(line).startsWith("configuration key 'provider.gateway_base_url'"));
    }

    /**
     * A live provider over plain http would send the client secret, every access token and the customers' payment
     * tokens in clear: production names both URLs, with the other problems, while development (a fake MonCash on
     * loopback) starts as before.
     */
    @Test
    void aLiveProviderOverPlainHttpIsRefusedInProductionNamingBothUrls() {
        Map<String, String> live = Map.of(
                "WALLETPAY_PROVIDER_MODE", "live",
                "WALLETPAY_PROVIDER_CLIENT_ID", "client-id",
                "WALLETPAY_PROVIDER_CLIENT_SECRET", "client-secret-from-the-provider",
                "WALLETPAY_PROVIDER_API_BASE_URL", "http://moncashbutton.digicelgroup.com/Api",
                "WALLETPAY_PROVIDER_GATEWAY_BASE_URL", "http://moncashbutton.digicelgroup.com/Moncash-middleware");
        java.util.Map<String, String> production = new java.util.HashMap<>(live);
        production.put("WALLETPAY_MODE", "production");
        production.put("WALLETPAY_PUBLIC_BASE_URL", "http://pay.example.ht");

        List<String> problems = ProductionReadiness.problems(TestConfig.with(production));

        assertThat(problems)
                .anySatisfy(line -> assertThat(line)
                        .startsWith("configuration key 'provider.api_base_url'")
                        .contains("https://", "client secret", "http://moncashbutton.digicelgroup.com/Api"))
                .anySatisfy(line -> assertThat(line)
                        .startsWith("configuration key 'provider.gateway_base_url'")
                        .contains("https://"))
                .anySatisfy(line -> assertThat(line).startsWith("configuration key 'public_base_url'"))
                .anySatisfy(line -> assertThat(line).startsWith("configuration key 'admin_token'"));
        assertThat(ProductionReadiness.problems(TestConfig.with(live))).isEmpty();
        java.util.Map<String, String> https = new java.util.HashMap<>(production);
        https.put("WALLETPAY_PROVIDER_API_BASE_URL", "https://moncashbutton.digicelgroup.com/Api");
        https.put("WALLETPAY_PROVIDER_GATEWAY_BASE_URL", "https://moncashbutton.digicelgroup.com/Moncash-middleware");
        assertThat(ProductionReadiness.problems(TestConfig.with(https)))
                .noneSatisfy(line -> assertThat(line).contains("provider."));
    }

    @Test
    void providerLookUpLimitsHaveDefaultsAndRefuseZero() {
        AppConfig config = TestConfig.with(Map.of());
        assertThat(config.provider().lookupsPerMinute()).isEqualTo(600);
        assertThat(config.provider().lookupsPerAddressPerMinute()).isEqualTo(60);
        assertThatThrownBy(() -> TestConfig.with(Map.of("WALLETPAY_PROVIDER_LOOKUPS_PER_MINUTE", "0")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("provider.lookups_per_minute");
    }

    /**
     * Besides host, port, database, user and password, the URL carries TLS only: any other parameter is refused at
     * start, never dropped without a word.
     */
    @Test
    void aDatabaseUrlWithOtherConnectionParametersIsRefused() {
        assertThatThrownBy(() -> TestConfig.with(Map.of(
                        "WALLETPAY_DB_URL",
                        "postgresql://pay:Vq8Lm2Xz7Rk4@db:5432/walletpay?sslmode=require&connect_timeout=5")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("db.url")
                .hasMessageContaining("connect_timeout")
                .hasMessageNotContaining("Vq8Lm2Xz7Rk4");
    }

    /** A password with an unencoded '?' would read as parameters: it is refused without being shown. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "postgresql://pay:1?Lm2Xz7@db:5432/x",
                "postgresql://pay:2024?Secret=q@db:5432/x",
                "postgresql://pay:2024?sslmode=verify-full&sslrootcert=Secret@db:5432/x"
            })
    void aPasswordCutAtAnUnencodedQuestionMarkIsNeverShown(String url) {
        assertThatThrownBy(() -> TestConfig.with(Map.of("WALLETPAY_DB_URL", url)))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("db.url")
                .hasMessageContaining("must be percent-encoded")
                .hasMessageNotContaining("Lm2Xz7")
                .hasMessageNotContaining("Secret");
    }

    @ParameterizedTest
    @CsvSource({
        "sslmode=sometimes, sslmode must be one of",
        "sslmode=require&sslrootcert=/etc/hosts, sslrootcert is only used with sslmode=verify-ca",
        "sslmode=verify-full&sslrootcert=/nonexistent/ca.pem, cannot read the file '/nonexistent/ca.pem'",
        "sslmode=verify-full&sslrootcert=%00, cannot read the file"
    })
    void aDatabaseUrlsTlsThatCannotWorkIsRefused(String parameters, String reason) {
        assertThatThrownBy(() -> TestConfig.with(
                        Map.of("WALLETPAY_DB_URL", "postgresql://pay:Vq8Lm2Xz7Rk4@db:5432/walletpay?" + parameters)))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("db.url")
                .hasMessageContaining(reason);
    }

    @Test
    void aDatabaseUrlAsksForVerifiedTlsWithItsOwnAuthority() {
        AppConfig config = TestConfig.with(Map.of(
                "WALLETPAY_DB_URL",
                "postgresql://pay:Vq8Lm2Xz7Rk4@db:5432/walletpay?sslmode=VERIFY-FULL&sslrootcert=/etc/hosts"));

        DatabaseTarget target = DatabaseTarget.fromUrl(config.db().url());
        assertThat(target.tls()).isEqualTo(new DatabaseTls("verify-full", "/etc/hosts"));
        assertThat(target.host()).isEqualTo("db");
        assertThat(target.jdbcUrl())
                .isEqualTo("jdbc:postgresql://db:5432/walletpay?sslmode=verify-full&sslrootcert=%2Fetc%2Fhosts");
        assertThat(target.connectOptions().getSslMode()).isEqualTo(SslMode.VERIFY_FULL);
        assertThat(target.connectOptions().getSslOptions().getHostnameVerificationAlgorithm())
                .isEqualTo("HTTPS");
        assertThat(target.toString()).isEqualTo("postgresql://pay@db:5432/walletpay?sslmode=verify-full");
    }

    /** A signing key file that is not there is named at start (exit 2), on every node, not when the API deploys. */
    @Test
    void anUnreadableJwtKeyFileIsNamedAtStart() {
        assertThatThrownBy(() -> TestConfig.with(Map.of(
                        "WALLETPAY_JWT_ALGORITHM", "ES256",
                        "WALLETPAY_JWT_PRIVATE_KEY_PEM", "/nonexistent/jwt.pem",
                        "WALLETPAY_JWT_PUBLIC_KEY_PEM", "/nonexistent/jwt.pub.pem")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("jwt.private_key_pem")
                .hasMessageContaining("/nonexistent/jwt.pem")
                .hasMessageContaining("jwt.public_key_pem");
    }

    @Test
    void aDatabaseUrlThatDoesNotParseIsRefusedWithoutRepeatingThePassword() {
        assertThatThrownBy(() -> TestConfig.with(Map.of("WALLETPAY_DB_URL", "postgresql://pay:Sup3r#Secret@db:5432/x")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("db.url")
                .hasMessageNotContaining("Sup3r");
    }

    /** A production start with nothing set names every missing secret and setting at once, not one round each. */
    @Test
    void productionNamesEveryMissingSecretAndSettingInOneGo() {
        List<String> problems = ProductionReadiness.problems(TestConfig.with(Map.of("WALLETPAY_MODE", "production")));

        assertThat(problems)
                .anySatisfy(line -> assertThat(line)
                        .startsWith("configuration key 'admin_token'")
                        .contains("is missing"))
                .anySatisfy(line -> assertThat(line)
                        .startsWith("configuration key 'jwt.secret'")
                        .contains("is missing"))
                .anySatisfy(line -> assertThat(line)
                        .startsWith("configuration key 'provider.mode'")
                        .contains("provider.client_id"))
                .anySatisfy(line -> assertThat(line).startsWith("configuration key 'public_base_url'"));
    }

    @Test
    void unrelatedEnvironmentVariablesAreIgnored() {
        AppConfig config = TestConfig.with(Map.of("WALLETPAY_NOT_A_KEY", "x", "PATH", "/bin"));
        assertThat(config.http().port()).isEqualTo(8080);
    }

    @Test
    void everyProblemIsReportedOneLineEachNamingKeyAndVariable() {
        assertThatThrownBy(() -> TestConfig.with(Map.of(
                        "WALLETPAY_HTTP_PORT", "70000",
                        "WALLETPAY_DB_POOL_SIZE", "0",
                        "WALLETPAY_FEES_PERCENT", "2.555")))
                .isInstanceOfSatisfying(ConfigException.class, refused -> assertThat(refused.lines())
                        .containsExactly(
                                "configuration key 'db.pool_size' (WALLETPAY_DB_POOL_SIZE): must be between 1 and 512,"
                                        + " got 0",
                                "configuration key 'fees.percent' (WALLETPAY_FEES_PERCENT): expected at most two"
                                        + " decimals, like 2.50, got 2.555",
                                "configuration key 'http.port' (WALLETPAY_HTTP_PORT): must be between 0 and 65535,"
                                        + " got 70000"));
    }

    @Test
    void rulesAcrossKeysAreReportedTogether() {
        assertThatThrownBy(() -> TestConfig.with(Map.of(
                        "WALLETPAY_PAYMENTS_MIN_AMOUNT", "500.00",
                        "WALLETPAY_PAYMENTS_MAX_AMOUNT", "100.00",
                        "WALLETPAY_WEBHOOKS_LEASE_SECONDS", "5")))
                .isInstanceOfSatisfying(ConfigException.class, refused -> assertThat(refused.lines())
                        .hasSize(2)
                        .anySatisfy(line -> assertThat(line).startsWith("configuration key 'payments.max_amount'"))
                        .anySatisfy(line -> assertThat(line).startsWith("configuration key 'webhooks.lease_seconds'")));
    }

    @Test
    void aKeyTheServiceDoesNotKnowIsRefusedRatherThanIgnored() {
        io.vertx.core.json.JsonObject file = TestConfig.defaults();
        file.getJsonObject("http").put("prot", 9090);

        assertThatThrownBy(() -> AppConfig.from(file))
                .hasMessage("configuration key 'http.prot' (WALLETPAY_HTTP_PROT): is not a configuration key");
    }

    @Test
    void everyUnknownKeyIsNamedInOneStart() {
        io.vertx.core.json.JsonObject file = TestConfig.defaults();
        file.getJsonObject("http").put("prot", 9090);
        file.put("extra_key", new io.vertx.core.json.JsonObject().put("deep", 1));

        assertThatThrownBy(() -> AppConfig.from(file))
                .isInstanceOfSatisfying(ConfigException.class, refused -> assertThat(refused.lines())
                        .containsExactly(
                                "configuration key 'http.prot' (WALLETPAY_HTTP_PROT): is not a configuration key",
                                "configuration key 'extra_key' (WALLETPAY_EXTRA_KEY): is not a configuration key"));
    }

    @Test
    void aPublicBaseUrlTakesNoQueryFragmentOrCredentials() {
        for (String url :
                List.of("https://pay.example.ht?x=1", "https://pay.example.ht/#top", "https://u:p@pay.example.ht")) {
            assertThatThrownBy(() -> TestConfig.with(Map.of("WALLETPAY_PUBLIC_BASE_URL", url)))
                    .as(url)
                    .isInstanceOf(ConfigException.class)
                    .hasMessageContaining("public_base_url")
                    .hasMessageContaining("no query, fragment or credentials");
        }
        assertThatThrownBy(() -> TestConfig.with(Map.of("WALLETPAY_PUBLIC_BASE_URL", "https://")))
                .hasMessageContaining("'https://'");
        assertThat(TestConfig.with(Map.of("WALLETPAY_PUBLIC_BASE_URL", "https://example.ht:8443/pay/"))
                        .publicBaseUrl())
                .isEqualTo("https://example.ht:8443/pay");
    }

    @Test
    void aKeyLeftOutOfAFileIsCalledMissing() {
        io.vertx.core.json.JsonObject file = TestConfig.defaults();
        file.getJsonObject("payments").remove("link_payments_per_minute");

        assertThatThrownBy(() -> AppConfig.from(file))
                .hasMessage("configuration key 'payments.link_payments_per_minute'"
                        + " (WALLETPAY_PAYMENTS_LINK_PAYMENTS_PER_MINUTE): is missing: a configuration file holds every"
                        + " key, as the shipped one does");
    }

    @Test
    void aBlankValueIsAValueNotSetAndTextIsTrimmed() {
        AppConfig config = TestConfig.with(Map.of(
                "WALLETPAY_DB_URL", "  ", "WALLETPAY_PROVIDER_MODE", " SANDBOX ", "WALLETPAY_DB_GROUP_COMMIT", "OFF"));

        assertThat(config.db().url()).isNull();
        assertThat(config.provider().live()).isFalse();
        assertThat(config.db().groupCommit().on()).isFalse();
    }

    @Test
    void anEmptyVariableIsOneNotSetSoTheDefaultStays() {
        AppConfig config = TestConfig.with(Map.of(
                "WALLETPAY_DATA_DIR", "",
                "WALLETPAY_HTTP_PORT", "",
                "WALLETPAY_MODE", " ",
                "WALLETPAY_CHECKOUT_DEFAULT_LOCALE", ""));
        AppConfig defaults = TestConfig.with(Map.of());

        assertThat(config.dataDir()).isEqualTo(defaults.dataDir());
        assertThat(config.http().port()).isEqualTo(defaults.http().port());
        assertThat(config.production()).isFalse();
        assertThat(config.checkout().defaultLocale()).isEqualTo(io.walletpay.page.Language.HT);
    }

    @Test
    void aFractionIsNotAWholeNumberAndSecretsAreNeverEchoed() {
        io.vertx.core.json.JsonObject file = TestConfig.defaults();
        file.getJsonObject("http").put("port", 80.5);
        assertThatThrownBy(() -> AppConfig.from(file))
                .hasMessageContaining("'http.port'")
                .hasMessageContaining("expected a whole number");

        assertThatThrownBy(() -> TestConfig.with(Map.of("WALLETPAY_ADMIN_TOKEN", "short-admin-token")))
                .hasMessage("configuration key 'admin_token' (WALLETPAY_ADMIN_TOKEN): must be at least 24 characters");
    }

    @Test
    void backupsAreOffUnlessARepositoryIsNamedAndAreForTheEmbeddedDatabaseOnly() {
        AppConfig defaults = TestConfig.with(Map.of());
        assertThat(defaults.backup().enabled()).isFalse();
        assertThat(defaults.backup().retentionFull()).isEqualTo(2);
        assertThat(defaults.backup().fullEveryDays()).isEqualTo(7);

        AppConfig configured = TestConfig.with(
                Map.of("WALLETPAY_BACKUP_REPO_PATH", "/mnt/backups/walletpay", "WALLETPAY_BACKUP_RETENTION_FULL", "4"));
        assertThat(configured.backup().repoPath()).isEqualTo(java.nio.file.Path.of("/mnt/backups/walletpay"));
        assertThat(configured.backup().retentionFull()).isEqualTo(4);

        assertThatThrownBy(() -> TestConfig.with(Map.of(
                        "WALLETPAY_BACKUP_REPO_PATH", "/mnt/backups/walletpay",
                        "WALLETPAY_DB_URL", "postgresql://pay:Vq8Lm2Xz7Rk4@db:5432/pay",
                        "WALLETPAY_BACKUP_RETENTION_FULL", "0")))
                .isInstanceOfSatisfying(ConfigException.class, refused -> assertThat(refused.lines())
                        .hasSize(2)
                        .anySatisfy(line -> assertThat(line).startsWith("configuration key 'backup.repo_path'"))
                        .anySatisfy(line -> assertThat(line).startsWith("configuration key 'backup.retention_full'")));
    }
}
