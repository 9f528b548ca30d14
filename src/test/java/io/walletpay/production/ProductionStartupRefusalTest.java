package io.walletpay.production;

import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.config.EnvOverrides;
import io.walletpay.config.ProductionReadiness;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.ServiceProcess;
import io.walletpay.support.TestConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mode=production} refuses unsafe set-ups before it touches any data: exit code 2, one line per problem,
 * each naming the key and its environment variable. Each test breaks one rule of an otherwise sound set-up.
 */
@BehaviourTest
class ProductionStartupRefusalTest {

    static final String STRONG_ADMIN_TOKEN = "Zk4qW8vR2mXp7LsT9nB3cJ6hD1fG5yUe";
    static final String STRONG_JWT_SECRET = "u7Yq3Kd9Wm2Rx8Pv4Lc6Nz1Tb5Hs0Jg-QfEa";

    @TempDir
    Path dataDir;

    /** Production with nothing to refuse: live provider, strong secrets, https, an external database with a password. */
    static Map<String, String> sound() {
        Map<String, String> env = new HashMap<>();
        env.put("WALLETPAY_MODE", "production");
        env.put("WALLETPAY_ADMIN_TOKEN", STRONG_ADMIN_TOKEN);
        env.put("WALLETPAY_JWT_SECRET", STRONG_JWT_SECRET);
        env.put("WALLETPAY_PUBLIC_BASE_URL", "https://pay.example.ht");
        env.put("WALLETPAY_PROVIDER_MODE", "live");
        env.put("WALLETPAY_PROVIDER_API_BASE_URL", "https://provider.example.ht/api");
        env.put("WALLETPAY_PROVIDER_GATEWAY_BASE_URL", "https://provider.example.ht/gateway");
        env.put("WALLETPAY_PROVIDER_CLIENT_ID", "client-id");
        env.put("WALLETPAY_PROVIDER_CLIENT_SECRET", "client-secret-from-the-provider");
        env.put("WALLETPAY_DB_URL", "postgresql://walletpay:Vq8Lm2Xz7Rk4@127.0.0.1:1/walletpay");
        return env;
    }

    @Test
    void theSoundSetUpHasNothingToRefuse() {
        assertThat(ProductionReadiness.problems(TestConfig.with(sound()))).isEmpty();
    }

    @Test
    void theSandboxProviderIsRefused() throws Exception {
        assertRefusedWithOneLine(Map.of("WALLETPAY_PROVIDER_MODE", "sandbox"), "provider.mode", "sandbox");
    }

    @Test
    void aMissingJwtSecretIsRefused() throws Exception {
        Map<String, String> env = sound();
        env.remove("WALLETPAY_JWT_SECRET");
        assertRefusedWithOneLine(env, Map.of(), "jwt.secret", "WALLETPAY_JWT_SECRET");
    }

    @Test
    void aMissingAdminTokenIsRefused() throws Exception {
        Map<String, String> env = sound();
        env.remove("WALLETPAY_ADMIN_TOKEN");
        assertRefusedWithOneLine(env, Map.of(), "admin_token", "WALLETPAY_ADMIN_TOKEN");
    }

    @Test
    void anAdminTokenShorterThan32CharactersIsRefused() throws Exception {
        assertRefusedWithOneLine(
                Map.of("WALLETPAY_ADMIN_TOKEN", "Zk4qW8vR2mXp7LsT9nB3cJ6h"), "admin_token", "shorter than 32");
    }

    @Test
    void aSecretOfOneRepeatedCharacterIsRefused() throws Exception {
        assertRefusedWithOneLine(Map.of("WALLETPAY_JWT_SECRET", "x".repeat(48)), "jwt.secret", "repeated");
    }

    @Test
    void aSecretThatRepeatsAShortPatternIsRefused() throws Exception {
        assertRefusedWithOneLine(
                Map.of("WALLETPAY_ADMIN_TOKEN", "k7Qz".repeat(10)), "admin_token", "short pattern repeated");
    }

    @Test
    void aSecretMadeOfAWellKnownWordIsRefused() throws Exception {
        assertRefusedWithOneLine(
                Map.of("WALLETPAY_JWT_SECRET", "Changeme-Please-For-Production-2025!"), "jwt.secret", "changeme");
        assertRefusedWithOneLine(
                Map.of("WALLETPAY_ADMIN_TOKEN", "my-super-Secret-admin-token-2025-xyz"), "admin_token", "secret");
    }

    @Test
    void aPublicBaseUrlWithoutHttpsIsRefused() throws Exception {
        assertRefusedWithOneLine(
                Map.of("WALLETPAY_PUBLIC_BASE_URL", "http://pay.example.ht"), "public_base_url", "https://");
    }

    @Test
    void aDatabaseReachedWithoutAPasswordIsRefused() throws Exception {
        assertRefusedWithOneLine(
                Map.of("WALLETPAY_DB_URL", "postgresql://postgres@127.0.0.1:5432/postgres"), "db.url", "password");
    }

    @Test
    void everyProblemGetsItsOwnLine() throws Exception {
        Map<String, String> env = sound();
        env.put("WALLETPAY_PROVIDER_MODE", "sandbox");
        env.put("WALLETPAY_PUBLIC_BASE_URL", "http://pay.example.ht");
        env.put("WALLETPAY_JWT_SECRET", "password-password-password-password");
        ServiceProcess.Finished run = new ServiceProcess(dataDir, env).run(Map.of());

        assertThat(run.exitCode()).as(run.output()).isEqualTo(2);
        assertThat(refusals(run))
                .hasSize(3)
                .anySatisfy(line -> assertThat(line).contains("'provider.mode' (WALLETPAY_PROVIDER_MODE)"))
                .anySatisfy(line -> assertThat(line).contains("'public_base_url' (WALLETPAY_PUBLIC_BASE_URL)"))
                .anySatisfy(line -> assertThat(line).contains("'jwt.secret' (WALLETPAY_JWT_SECRET)"));
        assertNothingTouched();
    }

    /** A bad value the binding meets and production's refusals come out of the same start, one line each. */
    @Test
    void aBadPortAndAShortAdminTokenAreNamedInTheSameRefusedStart() throws Exception {
        Map<String, String> env = sound();
        env.put("WALLETPAY_HTTP_PORT", "eighty");
        env.put("WALLETPAY_ADMIN_TOKEN", "short");
        env.put("WALLETPAY_DB_POOL_SIZE", "0");
        env.put("WALLETPAY_PUBLIC_BASE_URL", "http://pay.example.ht");
        ServiceProcess.Finished run = new ServiceProcess(dataDir, env).run(Map.of());

        assertThat(run.exitCode()).as(run.output()).isEqualTo(2);
        assertThat(refusals(run))
                .as(run.output())
                .hasSize(4)
                .anySatisfy(line -> assertThat(line)
                        .contains("'http.port' (WALLETPAY_HTTP_PORT)")
                        .contains("eighty"))
                .anySatisfy(line -> assertThat(line)
                        .contains("'admin_token' (WALLETPAY_ADMIN_TOKEN)")
                        .contains("shorter than 32"))
                .anySatisfy(line -> assertThat(line).contains("'db.pool_size' (WALLETPAY_DB_POOL_SIZE)"))
                .anySatisfy(line -> assertThat(line).contains("'public_base_url' (WALLETPAY_PUBLIC_BASE_URL)"));
        assertThat(run.output()).doesNotContain("Exception").doesNotContain("'short'");
        assertNothingTouched();
    }

    private void assertRefusedWithOneLine(Map<String, String> broken, String key, String reason) throws Exception {
        assertRefusedWithOneLine(sound(), broken, key, reason);
    }

    private void assertRefusedWithOneLine(
            Map<String, String> base, Map<String, String> broken, String key, String reason) throws Exception {
        Map<String, String> env = new HashMap<>(base);
        env.putAll(broken);
        ServiceProcess.Finished run = new ServiceProcess(dataDir, env).run(Map.of());

        assertThat(run.exitCode()).as(run.output()).isEqualTo(2);
        List<String> refusals = refusals(run);
        assertThat(refusals).as(run.output()).hasSize(1);
        assertThat(refusals.get(0))
                .contains("'" + key + "'")
                .contains(EnvOverrides.variableFor(key))
                .contains(reason);
        assertThat(run.output()).doesNotContain("Exception").doesNotContain("\tat ");
        for (String secret : broken.values()) {
            if (!secret.startsWith("http") && !secret.equals("sandbox")) {
                assertThat(run.output()).as("a refused secret is not echoed").doesNotContain(secret);
            }
        }
        assertNothingTouched();
    }

    private static List<String> refusals(ServiceProcess.Finished run) {
        return run.lines().stream()
                .filter(line -> line.startsWith("walletpay: "))
                .toList();
    }

    /** Refused before the data directory is used: no lock, no database, no secrets file. */
    private void assertNothingTouched() throws Exception {
        try (var entries = Files.list(dataDir)) {
            assertThat(entries.map(path -> path.getFileName().toString()))
                    .doesNotContain("postgres", "walletpay.lock", "secrets.json");
        }
    }
}
