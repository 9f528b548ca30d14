package io.walletpay.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.ChildProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code openapi.yaml} lints clean under Redocly's recommended rules and Spectral's {@code spectral:oas}, but for the
 * two trailing-slash paths merchants integrate against (the document itself says so). {@code src/test/openapi}
 * pins both tools in its committed package-lock.json (the build's {@code npm ci} installs them); its
 * {@code redocly.yaml} extends {@code recommended}, {@code .spectral.yaml} extends {@code spectral:oas}, and
 * {@code .redocly.lint-ignore.yaml} excepts only those two paths.
 */
@BehaviourTest
class OpenApiLintTest {

    static final Path TOOLS = Path.of("src/test/openapi").toAbsolutePath();

    @BeforeAll
    static void installed() {
        assertThat(TOOLS.resolve("node_modules/@redocly/cli"))
                .as("the build installs src/test/openapi's packages (npm ci) before the behaviour tests")
                .exists();
    }

    @Test
    void theDocumentLintsCleanUnderTheRecommendedRulesWithOnlyTheListedExceptions() throws Exception {
        ChildProcess.Result lint = run(List.of("npx", "--no-install", "redocly", "lint", "--format=json"), 300);

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
                .isEqualTo(2);
    }

    /** Spectral reads the served document as it is, with no ignore file: the two trailing-slash paths and nothing else. */
    @Test
    void spectralReportsOnlyTheTwoTrailingSlashPaths() throws Exception {
        ChildProcess.Result lint = run(
                List.of(
                        "npx",
                        "--no-install",
                        "spectral",
                        "lint",
                        "../../main/resources/openapi.yaml",
                        "--format=json",
                        "--quiet"),
                300);

        JsonArray problems = new JsonArray(lint.output());
        assertThat(problems.stream()
                        .map(JsonObject.class::cast)
                        .map(problem -> problem.getString("code") + " "
                                + String.join(".", problem.getJsonArray("path").getList())))
                .as(lint.output())
                .containsExactlyInAnyOrder(
                        "path-keys-no-trailing-slash paths./api/merchant/token/",
                        "path-keys-no-trailing-slash paths./api/merchant/payments/wallet/");
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
