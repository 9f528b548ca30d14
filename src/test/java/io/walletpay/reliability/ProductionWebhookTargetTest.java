package io.walletpay.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.RunningService;
import io.walletpay.webhook.TargetGuard;
import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * In production a merchant's webhook URL cannot make the service call into a private network or a cloud metadata
 * service: the attempt is recorded as target_rejected and no connection is opened (loopback:
 * WebhookDeliveryTest.productionModeRefusesLoopbackTargets).
 */
@BehaviourTest
class ProductionWebhookTargetTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "https://10.0.0.1/hooks",
                "https://169.254.169.254/latest/meta-data/",
                "https://[::ffff:169.254.169.254]/latest/meta-data/"
            })
    void privateAndMetadataTargetsAreRejectedWithoutAConnection(String webhookUrl) throws Exception {
        // This test must never send a packet to those addresses: if the guard itself let one through, stop here.
        String host = java.net.URI.create(webhookUrl).getHost().replace("[", "").replace("]", "");
        assertThat(new TargetGuard(false, List.of()).rejectionReason(InetAddress.getByName(host)))
                .as("the guard refuses " + host)
                .isPresent();

        try (RunningService production = RunningService.start(Map.of(
                "WALLETPAY_MODE",
                "production",
                "WALLETPAY_WEBHOOKS_RETRY_SCHEDULE",
                "0s,1h",
                "WALLETPAY_WEBHOOKS_POLL_INTERVAL_MS",
                "100"))) {
            // saving this URL is refused in production (ProductionUrlSaveCheckTest); delivery must refuse it too, for
            // URLs stored before that check and names whose DNS has since moved inside
            JsonObject merchant = production.createMerchant(new JsonObject().put("name", "Inside job"));
            production.sql(
                    "UPDATE merchants SET webhook_url = $1 WHERE id = $2::uuid",
                    webhookUrl,
                    merchant.getString("merchant_id"));
            String token = production.tokenFor(merchant);
            String id = production
                    .createPayment(token, new JsonObject().put("amount", 3))
                    .getString("id");
            production.transition(id, PaymentStatus.COMPLETED);

            JsonArray attempts = await("an attempt recorded for the delivery of " + id)
                    .atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(50))
                    .until(() -> attemptLog(production, token, id), log -> !log.isEmpty());
            assertThat(attempts).as("one attempt recorded").hasSize(1);
            JsonObject attempt = attempts.getJsonObject(0);
            assertThat(attempt.getString("error_kind")).isEqualTo("target_rejected");
            assertThat(attempt.getValue("status_code"))
                    .as("no HTTP answer: nothing was sent")
                    .isNull();
            assertThat(attempt.getString("response_excerpt")).containsAnyOf("private", "link-local");
        }
    }

    /** The attempts of the payment's delivery; empty while there is no delivery yet. */
    private static JsonArray attemptLog(RunningService production, String token, String paymentId) {
        JsonArray page = production
                .http
                .get("/api/merchant/webhooks/deliveries?payment_id=" + paymentId, token)
                .dataArray();
        if (page.isEmpty()) {
            return new JsonArray();
        }
        return production
                .http
                .get(
                        "/api/merchant/webhooks/deliveries/"
                                + page.getJsonObject(0).getString("id"),
                        token)
                .data()
                .getJsonArray("attempt_log");
    }
}
