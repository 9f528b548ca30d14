package io.walletpay.openapi;

import static org.assertj.core.api.Assertions.assertThat;

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
 * {@code openapi.yaml} lints clean under Redocly's recommended rules, so the build fails on a lint error or
 * warning. {@code src/test/redocly} pins {@code @redocly/cli} 1.x (it runs on Node 18, which Debian bookworm installs) in its committed package-lock.json (the build's {@code npm ci}
 * installs it); its {@code redocly.yaml} extends {@code recommended} and {@code .redocly.lint-ignore.yaml} excepts
 * only the two trailing-slash paths the public contract fixes, and the payment link form's redirect-only POST.
 */
@BehaviourTest
class OpenApiLintTest {

    static final Path REDOCLY_PROJECT = Path.of("src/test/redocly").toAbsolutePath();

    @BeforeAll
    static void installed() {
        assertThat(REDOCLY_PROJECT.resolve("node_modules/@redocly/cli"))
                .as("the build installs src/test/redocly's packages (npm ci) before the behaviour tests")
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
                .isEqualTo(3);
    }

    /** The lint is real: the same configuration fails a copy of the document with one problem added. */
    @Test
    void aDocumentWithALintErrorFailsTheLint() throws Exception {
        String document = Files.readString(Path.of("src/main/resources/openapi.yaml"));
        assertThat(document).contains("operationId: healthLive");
        Path broken = Path.of("target/redocly/openapi-broken.yaml").toAbsolutePath();
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
                REDOCLY_PROJECT,
                Map.of("REDOCLY_TELEMETRY", "off", "REDOCLY_SUPPRESS_UPDATE_NOTICE", "true"),
                null,
                timeoutSeconds);
    }
}
