package io.walletpay.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.ChildProcess;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The document a running service serves lints clean under Redocly's recommended rules and Spectral's
 * {@code spectral:oas}: no error, no warning. {@code src/test/openapi} pins both tools in its committed
 * package-lock.json (the build's {@code npm ci} installs them) and ships their rulesets, each waiving only the
 * trailing slash of the two paths merchants integrate against, with the reason written beside the waiver.
 */
@BehaviourTest
class OpenApiLintTest {

    static final Path TOOLS = Path.of("src/test/openapi").toAbsolutePath();
    static final String PUBLIC_BASE_URL = "https://pay.example.ht";

    static RunningService service;
    static Path served;

    @BeforeAll
    static void installedAndServed() throws IOException {
        assertThat(TOOLS.resolve("node_modules/@redocly/cli"))
                .as("the build installs src/test/openapi's packages (npm ci) before the behaviour tests")
                .exists();
        service = RunningService.start(Map.of("WALLETPAY_PUBLIC_BASE_URL", PUBLIC_BASE_URL));
        Http.Response document = service.http.get("/openapi.yaml", null);
        assertThat(document.status()).isEqualTo(200);
        served = Path.of("target/openapi-lint/served-openapi.yaml").toAbsolutePath();
        Files.createDirectories(served.getParent());
        Files.writeString(served, document.body());
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void theServedDocumentNamesThePublicBaseUrlAsItsOnlyServer() throws IOException {
        Map<String, Object> document =
                new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(served));

        assertThat(document.get("servers")).asList().hasSize(1);
        assertThat(((Map<?, ?>) ((List<?>) document.get("servers")).get(0)).get("url"))
                .isEqualTo(PUBLIC_BASE_URL);
    }

    @Test
    void redoclyReportsNothingOnTheServedDocument() throws Exception {
        ChildProcess.Result lint = run(
                List.of(
                        "npx",
                        "--no-install",
                        "redocly",
                        "lint",
                        served.toString(),
                        "--config",
                        "redocly.yaml",
                        "--format=json"),
                300);

        assertThat(lint.exitCode())
                .as("redocly lint exit code, output: " + lint.output())
                .isZero();
        JsonObject report = new JsonObject(lint.output());
        assertThat(report.getJsonObject("totals").getInteger("errors"))
                .as(lint.output())
                .isZero();
        assertThat(report.getJsonObject("totals").getInteger("warnings"))
                .as(lint.output())
                .isZero();
        assertThat(report.getJsonObject("totals").getInteger("ignored"))
                .as(lint.output())
                .isZero();
    }

    @Test
    void spectralReportsNothingOnTheServedDocument() throws Exception {
        ChildProcess.Result lint =
                run(List.of("npx", "--no-install", "spectral", "lint", served.toString(), "--format=json"), 300);

        assertThat(lint.exitCode()).as(lint.output()).isZero();
        assertThat(new JsonArray(lint.output().substring(0, lint.output().lastIndexOf(']') + 1)))
                .as(lint.output())
                .isEmpty();
    }

    /** The waivers are narrow: a third path ending with "/" is reported by both linters. */
    @Test
    void aThirdTrailingSlashPathIsReportedByBoth() throws Exception {
        String document = Files.readString(served);
        assertThat(document).contains("\n  /api/merchant/balance:\n");
        Path third = served.resolveSibling("openapi-third-slash.yaml");
        Files.writeString(third, document.replace("\n  /api/merchant/balance:\n", "\n  /api/merchant/balance/:\n"));

        ChildProcess.Result redocly = run(
                List.of(
                        "npx",
                        "--no-install",
                        "redocly",
                        "lint",
                        third.toString(),
                        "--config",
                        "redocly.yaml",
                        "--format=json"),
                300);
        ChildProcess.Result spectral =
                run(List.of("npx", "--no-install", "spectral", "lint", third.toString(), "--format=json"), 300);

        assertThat(redocly.exitCode()).as(redocly.output()).isNotZero();
        assertThat(redocly.output()).contains("rule/trailing-slash-only-on-the-two-integrated-paths");
        assertThat(spectral.output()).contains("path-keys-no-trailing-slash").contains("/api/merchant/balance/");
    }

    /** Spectral's lint is real: a missing operation description is reported. */
    @Test
    void spectralReportsAnOperationWithoutDescription() throws Exception {
        String document = Files.readString(Path.of("src/main/resources/openapi.yaml"));
        String described = "      description: This OpenAPI 3.1 document as YAML";
        assertThat(document).contains(described);
        Path broken = Path.of("target/openapi-lint/openapi-undescribed.yaml").toAbsolutePath();
        Files.createDirectories(broken.getParent());
        Files.writeString(broken, document.replace(described, "      x-note: This OpenAPI 3.1 document as YAML"));

        ChildProcess.Result lint =
                run(List.of("npx", "--no-install", "spectral", "lint", broken.toString(), "--format=json"), 300);

        assertThat(lint.output()).contains("operation-description");
    }

    /** The lint is real: the same configuration fails a copy of the document with one problem added. */
    @Test
    void aDocumentWithALintErrorFailsTheLint() throws Exception {
        String document = Files.readString(Path.of("src/main/resources/openapi.yaml"));
        assertThat(document).contains("operationId: healthLive");
        Path broken = Path.of("target/openapi-lint/openapi-broken.yaml").toAbsolutePath();
        Files.createDirectories(broken.getParent());
        // two operations with one operationId: an error under operation-operationId-unique
        Files.writeString(broken, document.replace("operationId: healthLive", "operationId: healthReady"));

        ChildProcess.Result lint = run(
                List.of(
                        "npx",
                        "--no-install",
                        "redocly",
                        "lint",
                        broken.toString(),
                        "--config",
                        "redocly.yaml",
                        "--format=json"),
                300);

        assertThat(lint.exitCode()).as(lint.output()).isNotZero();
        assertThat(lint.output()).contains("operation-operationId-unique");
    }

    private static ChildProcess.Result run(List<String> command, int timeoutSeconds)
            throws IOException, InterruptedException {
        // no telemetry or update checks from a build
        return ChildProcess.run(
                command,
                TOOLS,
                Map.of("REDOCLY_TELEMETRY", "off", "REDOCLY_SUPPRESS_UPDATE_NOTICE", "true"),
                null,
                timeoutSeconds);
    }
}
