package io.walletpay.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.json.JsonObject;
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
        // the file holds every key, as the shipped config/application.json does
        JsonObject own = new JsonObject(Files.readString(Path.of("config", "application.json")));
        own.getJsonObject("http").put("port", 9191).put("max_connections", 77);
        Path file = Files.writeString(dir.resolve("walletpay.json"), own.encodePrettily());

        AppConfig config =
                ConfigLoader.load(Map.of("WALLETPAY_CONFIG", file.toString(), "WALLETPAY_HTTP_PORT", "9292"));

        assertThat(config.http().port()).isEqualTo(9292);
        assertThat(config.http().maxConnections()).isEqualTo(77);
    }

    @Test
    void withoutWalletpayConfigTheWorkingDirectorysFileIsRead() {
        // the tests run in the project's root, whose config/application.json is the shipped defaults
        assertThat(ConfigLoader.load(Map.of()).http().port()).isEqualTo(8080);
        assertThat(ConfigLoader.load(Map.of("WALLETPAY_CONFIG", "")).http().port())
                .as("an empty variable is not set")
                .isEqualTo(8080);
    }

    @Test
    void aMissingFileIsRefusedByName() {
        Path missing = dir.resolve("missing.json");

        assertThatThrownBy(() -> ConfigLoader.load(Map.of("WALLETPAY_CONFIG", missing.toString())))
                .isInstanceOfSatisfying(ConfigException.class, e -> assertThat(e.lines())
                        .containsExactly("configuration file " + missing + " (WALLETPAY_CONFIG) does not exist"));
    }

    @Test
    void aFileThatIsNotAJsonObjectIsRefusedWithWhereItStops() throws Exception {
        Path broken = Files.writeString(dir.resolve("broken.json"), "{\n  \"http\": {\"port\": 9191\n");
        Path array = Files.writeString(dir.resolve("array.json"), "[1, 2]");

        assertThatThrownBy(() -> ConfigLoader.load(Map.of("WALLETPAY_CONFIG", broken.toString())))
                .isInstanceOfSatisfying(
                        ConfigException.class,
                        e -> assertThat(e.lines())
                                .containsExactly(
                                        "configuration file " + broken
                                                + " (WALLETPAY_CONFIG) is not valid JSON: Unexpected end-of-input at line 3, column 1"));
        assertThatThrownBy(() -> ConfigLoader.load(Map.of("WALLETPAY_CONFIG", array.toString())))
                .isInstanceOfSatisfying(ConfigException.class, e -> assertThat(e.lines())
                        .containsExactly(
                                "configuration file " + array + " (WALLETPAY_CONFIG) does not hold a JSON object"));
    }
}
