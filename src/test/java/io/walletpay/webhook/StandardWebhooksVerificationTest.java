package io.walletpay.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.ChildProcess;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import io.walletpay.support.WebhookReceiver;
import io.walletpay.support.WebhookReceiver.Received;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Real deliveries checked by an implementation that is not ours: the official {@code standardwebhooks} npm package,
 * called through the Node webhook receiver of the integration guide ({@code docs/integrate/receivers/receiver.js}, so the
 * documented code is the tested code).
 * {@code src/test/node} pins the package in its committed package-lock.json; {@code npm ci} installs it.
 */
@BehaviourTest
class StandardWebhooksVerificationTest {

    static final Path NODE_PROJECT = Path.of("src/test/node").toAbsolutePath();
    static final Path SNIPPET = Path.of("docs/integrate/receivers/receiver.js").toAbsolutePath();

    static RunningService service;
    static WebhookReceiver receiver;
    static Http http;

    @BeforeAll
    static void start() throws Exception {
        assertThat(NODE_PROJECT.resolve("node_modules/standardwebhooks"))
                .as("the build installs src/test/node's packages (npm ci) before the behaviour tests")
                .exists();
        service = RunningService.start(WebhookDeliveryTest.FAST);
        http = service.http;
        receiver = new WebhookReceiver();
    }

    @AfterAll
    static void stop() {
        service.close();
        receiver.close();
    }

    @Test
    void deliveriesVerifyWithTheStandardLibraryBeforeDuringAndAfterARotation() {
        JsonObject merchant = service.createMerchant(
                new JsonObject().put("name", "Standard shop").put("webhook_url", receiver.url("/standard")));
        String token = service.tokenFor(merchant);
        String first = merchant.getString("webhook_secret");
        assertThat(first).matches("whsec_[A-Za-z0-9+/]{43}=");

        // before: one signature, both headers verify, and the verified payload is the documented body
        String paid = pay(token);
        Received before = receiver.await("/standard", 1).get(0);
        assertThat(before.header("webhook-id")).isEqualTo(before.header("X-Service-Delivery"));
        assertThat(before.header("webhook-timestamp")).matches("\\d{10}");
        assertThat(before.header("webhook-signature").split(" ")).hasSize(1);
        JsonObject verified = verify(first, before);
        assertThat(verified.getString("standard")).isEqualTo("ok");
        assertThat(verified.getString("service")).isEqualTo("ok");
        assertThat(verified.getJsonObject("payload").getJsonObject("data").getString("transaction_id"))
                .isEqualTo(paid);

        // during the overlap: both secrets verify the standard header; X-Service-Signature uses the newest
        Http.Response rotated = http.post("/api/merchant/webhook-secret/rotate", token, null);
        assertThat(rotated.status()).isEqualTo(200);
        String second = rotated.data().getString("webhook_secret");
        assertThat(second).matches("whsec_[A-Za-z0-9+/]{43}=").isNotEqualTo(first);
        assertThat(OffsetDateTime.parse(rotated.data().getString("previous_secret_active_until")))
                .isAfter(OffsetDateTime.now().plusHours(23));
        pay(token);
        Received during = receiver.await("/standard", 2).get(1);
        assertThat(during.header("webhook-signature").split(" ")).hasSize(2);
        JsonObject withOld = verify(first, during);
        assertThat(withOld.getString("standard")).isEqualTo("ok");
        assertThat(withOld.getString("service")).isNotEqualTo("ok");
        JsonObject withNew = verify(second, during);
        assertThat(withNew.getString("standard")).isEqualTo("ok");
        assertThat(withNew.getString("service")).isEqualTo("ok");

        // after the overlap: only the new secret signs
        assertThat(service.sql(
                                "UPDATE merchants SET previous_webhook_secret_until = now() - interval '1 second'"
                                        + " WHERE id = $1::uuid",
                                merchant.getString("merchant_id"))
                        .rowCount())
                .isEqualTo(1);
        pay(token);
        Received after = receiver.await("/standard", 3).get(2);
        assertThat(after.header("webhook-signature").split(" ")).hasSize(1);
        assertThat(verify(first, after).getString("standard")).contains("No matching signature");
        JsonObject afterNew = verify(second, after);
        assertThat(afterNew.getString("standard")).isEqualTo("ok");
        assertThat(afterNew.getString("service")).isEqualTo("ok");
    }

    @Test
    void theTestEventIsSignedWithEveryActiveSecretLikeARealDelivery() {
        JsonObject merchant = service.createMerchant(
                new JsonObject().put("name", "Test event shop").put("webhook_url", receiver.url("/test-event")));
        String token = service.tokenFor(merchant);
        String first = merchant.getString("webhook_secret");

        // before a rotation: one signature, by the only secret
        assertThat(http.post("/api/merchant/webhooks/test", token, null).status())
                .isEqualTo(200);
        Received before = receiver.await("/test-event", 1).get(0);
        assertThat(before.header("webhook-signature").split(" ")).hasSize(1);
        assertThat(verify(first, before).getString("standard")).isEqualTo("ok");

        // during the overlap: both v1 signatures, each verifying with its secret, as on a real delivery
        String second = http.post("/api/merchant/webhook-secret/rotate", token, null)
                .data()
                .getString("webhook_secret");
        Http.Response tested = http.post("/api/merchant/webhooks/test", token, null);
        assertThat(tested.status()).isEqualTo(200);
        assertThat(tested.data().getInteger("status_code")).isEqualTo(200);
        Received during = receiver.await("/test-event", 2).get(1);
        assertThat(during.header("webhook-signature").split(" "))
                .hasSize(2)
                .allSatisfy(signature -> assertThat(signature).startsWith("v1,"));
        JsonObject withOld = verify(first, during);
        assertThat(withOld.getString("standard")).isEqualTo("ok");
        assertThat(withOld.getJsonObject("payload").getString("event")).isEqualTo("webhook.test");
        JsonObject withNew = verify(second, during);
        assertThat(withNew.getString("standard")).isEqualTo("ok");
        assertThat(withNew.getString("service")).isEqualTo("ok");
    }

    @Test
    void aTamperedBodyOrAnotherSecretIsRefusedByTheLibrary() {
        JsonObject merchant = service.createMerchant(
                new JsonObject().put("name", "Tamper shop").put("webhook_url", receiver.url("/tamper")));
        String secret = merchant.getString("webhook_secret");
        pay(service.tokenFor(merchant));
        Received hook = receiver.await("/tamper", 1).get(0);

        byte[] changed = new String(hook.body(), StandardCharsets.UTF_8)
                .replace("\"completed\"", "\"cancelled\"")
                .getBytes(StandardCharsets.UTF_8);
        Received tampered = new Received(hook.path(), hook.headers(), changed, hook.sequence());
        assertThat(verify(secret, tampered).getString("standard")).contains("No matching signature");
        assertThat(verify(secret, tampered).getString("service")).isNotEqualTo("ok");
        String stranger = service.createMerchant("Stranger").getString("webhook_secret");
        assertThat(verify(stranger, hook).getString("standard")).contains("No matching signature");
    }

    @Test
    void aSecretIssuedBeforeStandardWebhooksStillVerifiesAsARawSecret() {
        JsonObject merchant = service.createMerchant(
                new JsonObject().put("name", "Old shop").put("webhook_url", receiver.url("/legacy")));
        // the format secrets had before: URL-safe base64 without padding, which the libraries cannot decode
        byte[] random = new byte[32];
        new java.security.SecureRandom().nextBytes(random);
        String legacy = "whsec_" + Base64.getUrlEncoder().withoutPadding().encodeToString(random);
        assertThat(service.sql(
                                "UPDATE merchants SET webhook_secret = $2 WHERE id = $1::uuid",
                                merchant.getString("merchant_id"),
                                legacy)
                        .rowCount())
                .isEqualTo(1);

        pay(service.tokenFor(merchant));
        Received hook = receiver.await("/legacy", 1).get(0);
        JsonObject verified = verify(legacy, hook);
        assertThat(verified.getString("standard")).isEqualTo("ok");
        assertThat(verified.getString("service")).isEqualTo("ok");
    }

    private static String pay(String token) {
        String id = service.createPayment(token, new JsonObject().put("amount", 100))
                .getString("id");
        service.transition(id, PaymentStatus.COMPLETED);
        return id;
    }

    /** Runs the guide's snippet (through src/test/node/verify.js) on one recorded delivery. */
    private static JsonObject verify(String secret, Received hook) {
        JsonObject headers = new JsonObject();
        for (String name : List.of("webhook-id", "webhook-timestamp", "webhook-signature", "x-service-signature")) {
            headers.put(name, hook.header(name));
        }
        JsonObject input = new JsonObject()
                .put("snippet", SNIPPET.toString())
                .put("secret", secret)
                .put("headers", headers)
                .put("body_base64", Base64.getEncoder().encodeToString(hook.body()));
        try {
            return new JsonObject(run(List.of("node", "verify.js"), NODE_PROJECT, input.encode(), 60));
        } catch (IOException | InterruptedException e) {
            throw new AssertionError("node could not run", e);
        }
    }

    private static String run(List<String> command, Path directory, String stdin, int timeoutSeconds)
            throws IOException, InterruptedException {
        ChildProcess.Result done = ChildProcess.run(
                command,
                directory,
                Map.of("NODE_PATH", NODE_PROJECT.resolve("node_modules").toString()),
                stdin,
                timeoutSeconds);
        assertThat(done.exitCode())
                .as(command + " exit code, output: " + done.output())
                .isZero();
        return done.output();
    }
}
