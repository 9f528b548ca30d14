package io.walletpay.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/** The served document names the deployment's public base URL as its server, and nothing else changes. */
class ApiDocumentRouteTest {

    @Test
    void theFirstServerBecomesThePublicBaseUrlAndTheRestIsUntouched() throws IOException {
        String document = packaged();

        String served = ApiDocumentRoute.servedAt(document, "https://pay.example.ht:8443/base");

        Map<String, Object> parsed = new Yaml().load(served);
        assertThat(parsed.get("servers").toString()).startsWith("[{url=https://pay.example.ht:8443/base,");
        assertThat(served.replace("'https://pay.example.ht:8443/base'", "http://localhost:8080"))
                .isEqualTo(document);
    }

    @Test
    void aUrlWithYamlSignificantCharactersStaysOneString() throws IOException {
        String served = ApiDocumentRoute.servedAt(packaged(), "https://pay.example.ht/a'b#c: d");

        Map<String, Object> parsed = new Yaml().load(served);
        assertThat(parsed.get("servers").toString()).startsWith("[{url=https://pay.example.ht/a'b#c: d,");
    }

    @Test
    void aDocumentWithoutTheDevelopmentServerIsRefused() {
        assertThatThrownBy(() -> ApiDocumentRoute.servedAt("openapi: 3.1.0\nservers:\n  - url: /\n", "https://x"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("servers");
    }

    private static String packaged() throws IOException {
        try (InputStream in = ApiDocumentRoute.class.getClassLoader().getResourceAsStream("openapi.yaml")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
