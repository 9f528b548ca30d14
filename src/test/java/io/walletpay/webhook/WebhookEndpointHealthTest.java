package io.walletpay.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import io.walletpay.support.WebhookReceiver;
import io.walletpay.support.WebhookReceiver.Answer;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicBoolean;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Endpoint health against a real endpoint that answers 503 and real PostgreSQL: the run of failures is recorded and
 * the endpoint is retrying from its first failure, failing once it has lasted {@code webhooks.failing_after_hours} (reached by moving the
 * recorded start back in the database, never by waiting), deliveries keep coming while it fails, and a recover
 * after the endpoint is fixed sends them and makes it healthy again.
 */
@BehaviourTest
class WebhookEndpointHealthTest {

    static RunningService service;
    static WebhookReceiver receiver;
    static Http http;

    @BeforeAll
    static void start() {
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
    void aFailingEndpointIsMarkedFailingKeepsGettingDeliveriesAndRecoversOnTheNextSuccess() {
        JsonObject merchant = service.createMerchant(
                new JsonObject().put("name", "Down shop").put("webhook_url", receiver.url("/down")));
        String token = service.tokenFor(merchant);
        AtomicBoolean up = new AtomicBoolean(false);
        receiver.script("/down", call -> up.get() ? Answer.status(200) : Answer.status(503));
        OffsetDateTime before = OffsetDateTime.now(ZoneOffset.UTC).minusMinutes(1);

        JsonObject fresh = endpoint(token);
        assertThat(fresh.getString("status")).isEqualTo("healthy");
        assertThat(fresh.getValue("failing_since")).isNull();

        // failures start a run, but 72 hours have not passed: retrying (not healthy, not yet failing), and the
        // run's start is shown
        String first = pay(token);
        awaitDelivery(token, first, "failed");
        JsonObject failingBriefly = endpoint(token);
        assertThat(failingBriefly.getString("status")).isEqualTo("retrying");
        OffsetDateTime since = OffsetDateTime.parse(failingBriefly.getString("failing_since"));
        assertThat(since).isAfter(before);

        // the run has lasted webhooks.failing_after_hours (72 by default): failing, in settings and in the gauge
        assertThat(service.sql(
                                "UPDATE merchants SET webhook_failing_since = webhook_failing_since"
                                        + " - interval '73 hours' WHERE id = $1::uuid",
                                merchant.getString("merchant_id"))
                        .rowCount())
                .isEqualTo(1);
        JsonObject failing = endpoint(token);
        assertThat(failing.getString("status")).isEqualTo("failing");
        OffsetDateTime failingSince = OffsetDateTime.parse(failing.getString("failing_since"));
        assertThat(Duration.between(failingSince, since)).isEqualTo(Duration.ofHours(73));
        awaitFailingEndpointsGauge(1);

        // nothing is dropped while failing: a new payment's webhook is queued and attempted like any other, and
        // its failures do not move the start of the run
        int attemptsSoFar = receiver.received("/down").size();
        String second = pay(token);
        awaitDelivery(token, second, "failed");
        assertThat(receiver.received("/down").size()).isGreaterThan(attemptsSoFar);
        assertThat(OffsetDateTime.parse(endpoint(token).getString("failing_since")))
                .isEqualTo(failingSince);
        assertThat(endpoint(token).getString("status")).isEqualTo("failing");

        // fixed: a recover sends both, and the success makes the endpoint healthy again
        up.set(true);
        Http.Response recovered =
                http.post("/api/merchant/webhooks/recover", token, new JsonObject().put("since", before.toString()));
        assertThat(recovered.status()).isEqualTo(202);
        assertThat(recovered.data().getInteger("queued")).isEqualTo(2);
        awaitDelivery(token, first, "succeeded");
        awaitDelivery(token, second, "succeeded");
        JsonObject healthy = endpoint(token);
        assertThat(healthy.getString("status")).isEqualTo("healthy");
        assertThat(healthy.getValue("failing_since")).isNull();
        awaitFailingEndpointsGauge(0);
    }

    @Test
    void anotherWebhookUrlStartsHealthyWhileOtherSettingChangesKeepTheHealth() {
        JsonObject merchant = service.createMerchant(
                new JsonObject().put("name", "Moving shop").put("webhook_url", receiver.url("/old")));
        String token = service.tokenFor(merchant);
        assertThat(service.sql(
                                "UPDATE merchants SET webhook_failing_since = now() - interval '100 hours'"
                                        + " WHERE id = $1::uuid",
                                merchant.getString("merchant_id"))
                        .rowCount())
                .isEqualTo(1);
        assertThat(endpoint(token).getString("status")).isEqualTo("failing");

        Http.Response language = http.patch("/api/merchant/settings", token, new JsonObject().put("locale", "fr"));
        assertThat(language.status()).isEqualTo(200);
        assertThat(language.data().getJsonObject("webhook_endpoint").getString("status"))
                .isEqualTo("failing");
        Http.Response sameUrl =
                http.patch("/api/merchant/settings", token, new JsonObject().put("webhook_url", receiver.url("/old")));
        assertThat(sameUrl.data().getJsonObject("webhook_endpoint").getString("status"))
                .isEqualTo("failing");

        Http.Response moved =
                http.patch("/api/merchant/settings", token, new JsonObject().put("webhook_url", receiver.url("/new")));
        assertThat(moved.status()).isEqualTo(200);
        JsonObject endpoint = moved.data().getJsonObject("webhook_endpoint");
        assertThat(endpoint.getString("status")).isEqualTo("healthy");
        assertThat(endpoint.getValue("failing_since")).isNull();
        assertThat(endpoint(token).getString("status")).isEqualTo("healthy");
    }

    @Test
    void aMerchantWithoutAWebhookUrlHasNoEndpointToBeFailing() {
        JsonObject merchant = service.createMerchant(new JsonObject().put("name", "No hooks shop"));
        String token = service.tokenFor(merchant);
        String id = pay(token);
        // every scheduled attempt is recorded as no_webhook_url, and the delivery ends failed
        awaitDelivery(token, id, "failed");

        JsonObject endpoint = endpoint(token);
        assertThat(endpoint.getString("status")).isEqualTo("healthy");
        assertThat(endpoint.getValue("failing_since")).isNull();
        assertThat(service.sql(
                                "SELECT 1 FROM merchants WHERE id = $1::uuid AND webhook_failing_since IS NULL",
                                merchant.getString("merchant_id"))
                        .rowCount())
                .isEqualTo(1);
    }

    private static JsonObject endpoint(String token) {
        Http.Response settings = http.get("/api/merchant/settings", token);
        assertThat(settings.status()).isEqualTo(200);
        return settings.data().getJsonObject("webhook_endpoint");
    }

    private static String pay(String token) {
        String id =
                service.createPayment(token, new JsonObject().put("amount", 75)).getString("id");
        service.transition(id, PaymentStatus.COMPLETED);
        return id;
    }

    private static void awaitDelivery(String token, String paymentId, String status) {
        Awaitility.await()
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(50))
                .until(
                        () -> http.get("/api/merchant/webhooks/deliveries?payment_id=" + paymentId, token)
                                .dataArray(),
                        list -> !list.isEmpty()
                                && list.getJsonObject(0).getString("status").equals(status));
    }

    /** The gauges are refreshed from the database every few seconds: wait for a refresh that saw the change. */
    private static void awaitFailingEndpointsGauge(double expected) {
        Awaitility.await()
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> http.get("/metrics", null).body(), body -> body.lines()
                        .anyMatch(line -> line.equals("walletpay_webhook_endpoints_failing " + expected)));
    }
}
