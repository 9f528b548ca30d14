package io.walletpay.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code openapi.yaml} lints clean under Redocly's recommended rules, so the build fails on a lint error or
 * warning. {@code src/test/redocly} pins {@code @redocly/cli} 1.x (it runs on Node 18, which Debian bookworm installs) in its committed package-lock.json ({@code npm ci}
 * installs it); its {@code redocly.yaml} extends {@code recommended} and {@code .redocly.lint-ignore.yaml} excepts
 * only the two trailing-slash paths fixed by the seed and DESIGN.md, and the payment link form's redirect-only POST.
 */
class OpenApiLintTest {

    static final Path REDOCLY_PROJECT = Path.of("src/test/redocly").toAbsolutePath();

    @BeforeAll
    static void install() throws Exception {
        Run installed = run(List.of("npm", "ci", "--no-audit", "--no-fund"), 600);
        assertThat(installed.exitCode()).as("npm ci: " + installed.output()).isZero();
    }

    @Test
    void theDocumentLintsCleanUnderTheRecommendedRulesWithOnlyTheListedExceptions() throws Exception {
        Run lint = run(List.of("npx", "--no-install", "redocly", "lint", "--format=json"), 300);

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

        Run lint = run(
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

    record Run(int exitCode, String output) {}

    private static Run run(List<String> command, int timeoutSeconds) throws IOException, InterruptedException {
        List<String> full = new ArrayList<>(command);
        ProcessBuilder builder = new ProcessBuilder(full).directory(REDOCLY_PROJECT.toFile());
        // no telemetry or update checks from a build
        builder.environment().put("REDOCLY_TELEMETRY", "off");
        builder.environment().put("REDOCLY_SUPPRESS_UPDATE_NOTICE", "true");
        builder.redirectError(ProcessBuilder.Redirect.INHERIT);
        Process process = builder.start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(timeoutSeconds, TimeUnit.SECONDS))
                .as(command + " finished")
                .isTrue();
        return new Run(process.exitValue(), out);
    }
}
