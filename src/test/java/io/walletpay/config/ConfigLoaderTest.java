package io.walletpay.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigLoaderTest {

    @TempDir
    Path dir;

    @Test
    void theFileNamedByWalletpayConfigIsReadAndTheEnvironmentOverridesIt() throws Exception {
        Path file = Files.writeString(dir.resolve("walletpay.json"), defaultsWithPort(9191));

        AppConfig config = ConfigLoader.load(
                Map.of("WALLETPAY_CONFIG", file.toString(), "WALLETPAY_HTTP_MAX_CONNECTIONS", "77"), dir);

        assertThat(config.http().port()).isEqualTo(9191);
        assertThat(config.http().maxConnections()).isEqualTo(77);
    }

    @Test
    void aRelativeWalletpayConfigIsTakenFromTheWorkingDirectory() throws Exception {
        Files.writeString(dir.resolve("walletpay.json"), defaultsWithPort(9292));

        assertThat(ConfigLoader.load(Map.of("WALLETPAY_CONFIG", "walletpay.json"), dir)
                        .http()
                        .port())
                .isEqualTo(9292);
    }

    @Test
    void withoutWalletpayConfigTheWorkingDirectorysConfigFileIsReadElseTheJarsCopy() throws Exception {
        Path withFile = Files.createDirectories(dir.resolve("with/config"));
        Files.writeString(withFile.resolve("application.json"), defaultsWithPort(9393));
        Path without = Files.createDirectories(dir.resolve("without"));

        assertThat(ConfigLoader.load(Map.of(), dir.resolve("with")).http().port())
                .isEqualTo(9393);
        assertThat(ConfigLoader.load(Map.of("WALLETPAY_CONFIG", ""), dir.resolve("with"))
                        .http()
                        .port())
                .as("an empty variable is not set")
                .isEqualTo(9393);
        assertThat(ConfigLoader.load(Map.of(), without).http().port())
                .as("the copy inside the jar")
                .isEqualTo(8080);
    }

    @Test
    void aFileWithAByteOrderMarkOrInUtf16IsRead() throws Exception {
        Path marked = dir.resolve("marked.json");
        Files.writeString(marked, "\uFEFF" + defaultsWithPort(9494), StandardCharsets.UTF_8);
        Path wide = dir.resolve("wide.json");
        Files.writeString(wide, defaultsWithPort(9595), StandardCharsets.UTF_16);

        assertThat(ConfigLoader.load(Map.of("WALLETPAY_CONFIG", marked.toString()), dir)
                        .http()
                        .port())
                .isEqualTo(9494);
        assertThat(ConfigLoader.load(Map.of("WALLETPAY_CONFIG", wide.toString()), dir)
                        .http()
                        .port())
                .isEqualTo(9595);
    }

    @Test
    void aFileThatCannotBeReadIsRefusedByName() throws Exception {
        Path missing = dir.resolve("missing.json");
        Path directory = Files.createDirectories(dir.resolve("a-directory.json"));

        assertRefused(missing, "configuration file " + missing + " (WALLETPAY_CONFIG) does not exist");
        assertThatThrownBy(() -> ConfigLoader.load(Map.of("WALLETPAY_CONFIG", directory.toString()), dir))
                .isInstanceOfSatisfying(ConfigException.class, e -> assertThat(e.lines())
                        .singleElement()
                        .asString()
                        .startsWith("configuration file " + directory + " (WALLETPAY_CONFIG) cannot be read: "));
    }

    @Test
    void aFileThatIsNotAJsonObjectIsRefusedWithWhereItStops() throws Exception {
        Path unfinished = Files.writeString(dir.resolve("unfinished.json"), "{\n  \"http\": {\"port\": 9191\n");
        Path doubled = Files.writeString(dir.resolve("doubled.json"), "{\"http\"::1}");
        Path array = Files.writeString(dir.resolve("array.json"), "[1, 2]");

        assertRefused(
                unfinished,
                "configuration file " + unfinished
                        + " (WALLETPAY_CONFIG) is not valid JSON: Unexpected end-of-input at line 3, column 1");
        assertRefused(
                doubled,
                "configuration file " + doubled
                        + " (WALLETPAY_CONFIG) is not valid JSON: Unexpected character (':' (code 58)) at line 1,"
                        + " column 9");
        assertRefused(array, "configuration file " + array + " (WALLETPAY_CONFIG) does not hold a JSON object");
    }

    /**
     * A deployer fixes a refused start in one go: values of the wrong type, out of range, unparseable inside, keys
     * unknown and production's refusals are all named by the same start, one line per key, the token never echoed.
     */
    @Test
    void aStartWithSeveralBadValuesNamesEveryOneOfThemOnce() throws Exception {
        JsonObject file = new JsonObject(defaultsWithPort(8080));
        file.getJsonObject("http").put("prot", 9090);
        file.getJsonObject("payments").put("expiry_minutes", "soon");
        Path written = Files.writeString(dir.resolve("walletpay.json"), file.encodePrettily());

        assertThatThrownBy(() -> ConfigLoader.loadToStart(
                        Map.of(
                                "WALLETPAY_CONFIG", written.toString(),
                                "WALLETPAY_MODE", "production",
                                "WALLETPAY_HTTP_PORT", "eighty",
                                "WALLETPAY_ADMIN_TOKEN", "short",
                                "WALLETPAY_DB_POOL_SIZE", "0",
                                "WALLETPAY_CLUSTER_ENABLED", "maybe",
                                "WALLETPAY_WEBHOOKS_RETRY_SCHEDULE", "soon,later"),
                        dir))
                .isInstanceOfSatisfying(ConfigException.class, refused -> {
                    assertThat(refused.lines())
                            .allSatisfy(line -> assertThat(line)
                                    .startsWith("configuration key '")
                                    .doesNotContain("\n")
                                    .doesNotContain("short'"))
                            .extracting(line -> line.substring(0, line.indexOf(':')))
                            .containsExactlyInAnyOrder(
                                    "configuration key 'http.prot' (WALLETPAY_HTTP_PROT)",
                                    "configuration key 'http.port' (WALLETPAY_HTTP_PORT)",
                                    "configuration key 'payments.expiry_minutes' (WALLETPAY_PAYMENTS_EXPIRY_MINUTES)",
                                    "configuration key 'cluster.enabled' (WALLETPAY_CLUSTER_ENABLED)",
                                    "configuration key 'db.pool_size' (WALLETPAY_DB_POOL_SIZE)",
                                    "configuration key 'webhooks.retry_schedule' (WALLETPAY_WEBHOOKS_RETRY_SCHEDULE)",
                                    "configuration key 'admin_token' (WALLETPAY_ADMIN_TOKEN)",
                                    "configuration key 'jwt.secret' (WALLETPAY_JWT_SECRET)",
                                    "configuration key 'provider.mode' (WALLETPAY_PROVIDER_MODE)",
                                    "configuration key 'public_base_url' (WALLETPAY_PUBLIC_BASE_URL)");
                    assertThat(refused.lines())
                            .anySatisfy(line ->
                                    assertThat(line).contains("http.port").contains("got 'eighty'"))
                            .anySatisfy(line ->
                                    assertThat(line).contains("admin_token").contains("shorter than 32"));
                });
    }

    @Test
    void outsideProductionTheSameStartNamesOnlyTheBadValues() {
        assertThatThrownBy(() -> ConfigLoader.loadToStart(
                        Map.of("WALLETPAY_HTTP_PORT", "70000", "WALLETPAY_ADMIN_TOKEN", "short"), dir))
                .isInstanceOfSatisfying(ConfigException.class, refused -> assertThat(refused.lines())
                        .containsExactly(
                                "configuration key 'admin_token' (WALLETPAY_ADMIN_TOKEN): must be at least 24"
                                        + " characters",
                                "configuration key 'http.port' (WALLETPAY_HTTP_PORT): must be between 0 and 65535,"
                                        + " got 70000"));
    }

    private void assertRefused(Path file, String line) {
        assertThatThrownBy(() -> ConfigLoader.load(Map.of("WALLETPAY_CONFIG", file.toString()), dir))
                .isInstanceOfSatisfying(
                        ConfigException.class, e -> assertThat(e.lines()).containsExactly(line));
    }

    /** The shipped defaults (a configuration file holds every key) with another HTTP port. */
    private static String defaultsWithPort(int port) throws Exception {
        JsonObject defaults = new JsonObject(Files.readString(Path.of("config", "application.json")));
        defaults.getJsonObject("http").put("port", port);
        return defaults.encodePrettily();
    }
}
