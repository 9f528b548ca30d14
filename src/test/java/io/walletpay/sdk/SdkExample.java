package io.walletpay.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.ChildProcess;
import io.walletpay.support.RunningService;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * What the SDKs' example tests share: a service whose webhooks go out at once and that takes one payment a second
 * per merchant (so an example's idempotent replay, sent right after its create, waits out a 429 and its
 * {@code Retry-After}), a merchant's environment for the example, and what a run of the whole flow must have shown
 * and done.
 */
abstract class SdkExample {

    static RunningService service;

    @BeforeAll
    static void startService() {
        service = RunningService.start(Map.of(
                "WALLETPAY_WEBHOOKS_RETRY_SCHEDULE", "0s",
                "WALLETPAY_WEBHOOKS_POLL_INTERVAL_MS", "100",
                "WALLETPAY_PAYMENTS_CREATE_RATE_PER_SECOND", "1"));
    }

    @AfterAll
    static void stopService() {
        service.close();
    }

    /** Runs {@code command} in {@code directory} as the merchant, with the four variables each example reads. */
    static ChildProcess.Result run(JsonObject merchant, List<String> command, Path directory)
            throws IOException, InterruptedException {
        return ChildProcess.run(
                command,
                directory,
                Map.of(
                        "WALLETPAY_URL", service.config.publicBaseUrl(),
                        "WALLETPAY_MERCHANT_ID", merchant.getString("merchant_id"),
                        "WALLETPAY_SECRET_KEY", merchant.getString("secret_key"),
                        "WALLETPAY_WEBHOOK_SECRET", merchant.getString("webhook_secret")),
                null,
                180);
    }

    static void assertRanTheWholeFlow(JsonObject merchant, ChildProcess.Result run) {
        assertThat(run.exitCode()).as(run.output()).isZero();
        assertThat(run.output())
                .contains("token: ok")
                .contains("webhook: payment.updated completed verified in both schemes")
                .contains("refund: ")
                .contains("whole flow: ok")
                .doesNotContain("webhook refused");
        assertThat(service.sql(
                                "SELECT count(*) FROM transfers WHERE merchant_id = $1::uuid",
                                merchant.getString("merchant_id"))
                        .iterator()
                        .next()
                        .getLong(0))
                .as("the refund the example asked for")
                .isEqualTo(1L);
    }

    /** Copies the files under {@code from} whose names end with {@code suffix} to the same places under {@code to}. */
    static void copy(Path from, Path to, String suffix) throws IOException {
        try (var files = Files.walk(from)) {
            for (Path file : files.filter(Files::isRegularFile)
                    .filter(file -> file.toString().endsWith(suffix))
                    .filter(file -> !from.relativize(file).toString().startsWith("node_modules"))
                    .toList()) {
                Path target = to.resolve(from.relativize(file).toString());
                Files.createDirectories(target.getParent());
                Files.copy(file, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }
}
