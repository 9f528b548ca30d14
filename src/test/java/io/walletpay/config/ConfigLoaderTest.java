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
