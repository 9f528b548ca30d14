package io.walletpay.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.ChildProcess;
import io.walletpay.support.RunningService;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Python SDK's example runs a shop's whole flow against the real service: token, an idempotent payment, the
 * sandbox checkout paid, the webhook received and verified in both schemes, a refund and a paged list.
 */
@BehaviourTest
class PythonSdkExampleTest {

    static final Path SDK = Path.of("sdk/python").toAbsolutePath();

    static RunningService service;

    @BeforeAll
    static void start() {
        service = RunningService.start(Map.of(
                "WALLETPAY_WEBHOOKS_RETRY_SCHEDULE", "0s",
                "WALLETPAY_WEBHOOKS_POLL_INTERVAL_MS", "100"));
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void theExampleRunsTheWholeFlowAgainstTheService() throws Exception {
        JsonObject merchant = service.createMerchant("Boutik Python");

        ChildProcess.Result run = ChildProcess.run(
                List.of("python3", "examples/whole_flow.py"),
                SDK,
                Map.of(
                        "WALLETPAY_URL", service.config.publicBaseUrl(),
                        "WALLETPAY_MERCHANT_ID", merchant.getString("merchant_id"),
                        "WALLETPAY_SECRET_KEY", merchant.getString("secret_key"),
                        "WALLETPAY_WEBHOOK_SECRET", merchant.getString("webhook_secret")),
                null,
                180);

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
}
