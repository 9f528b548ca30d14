package io.walletpay.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import io.walletpay.support.WebhookReceiver;
import io.walletpay.support.WebhookReceiver.Answer;
import io.walletpay.webhook.WebhookDeliveryTest.Shop;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

@BehaviourTest
class EventsAndRecoveryTest {

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

    static Shop shop(String path) {
        JsonObject merchant = service.createMerchant(
                new JsonObject().put("name", "Shop " + path).put("webhook_url", receiver.url(path)));
        return new Shop(merchant, service.tokenFor(merchant), path);
    }

    static String pay(Shop shop, PaymentStatus outcome) {
        String id = service.createPayment(shop.token(), new JsonObject().put("amount", 40))
                .getString("id");
        service.transition(id, outcome);
        return id;
    }

    static JsonObject awaitDelivery(Shop shop, String paymentId, String status) {
        return org.awaitility.Awaitility.await()
                .atMost(java.time.Duration.ofSeconds(30))
                .pollInterval(java.time.Duration.ofMillis(50))
                .until(
                        () -> {
                            JsonArray list = http.get(
                                            "/api/merchant/webhooks/deliveries?payment_id=" + paymentId, shop.token())
                                    .dataArray();
                            return list.isEmpty() ? null : list.getJsonObject(0);
                        },
                        delivery ->
                                delivery != null && delivery.getString("status").equals(status));
    }

    static String query(OffsetDateTime at) {
        return URLEncoder.encode(at.toString(), StandardCharsets.UTF_8);
    }

    @Test
    void everyTransitionIsAnEventListedNewestFirstWithFiltersAndReadableById() {
        Shop shop = shop("/events");
        String completed = pay(shop, PaymentStatus.COMPLETED);
        String failed = pay(shop, PaymentStatus.FAILED);
        receiver.await("/events", 2);

        Http.Response list = http.get("/api/merchant/events", shop.token());
        assertThat(list.status()).isEqualTo(200);
        JsonArray events = list.json().getJsonArray("data");
        assertThat(events).hasSize(2);
        JsonObject newest = events.getJsonObject(0);
        assertThat(newest.getString("type")).isEqualTo("payment.updated");
        assertThat(newest.getString("payment_id")).isEqualTo(failed);
        assertThat(newest.getJsonObject("data").getString("status")).isEqualTo("failed");
        assertThat(events.getJsonObject(1).getJsonObject("data").getString("transaction_id"))
                .isEqualTo(completed);
        // the event id is the delivery's webhook-id
        assertThat(receiver.received("/events").stream().map(hook -> hook.header("webhook-id")))
                .contains(newest.getString("id"));

        Http.Response one = http.get("/api/merchant/events/" + newest.getString("id"), shop.token());
        assertThat(one.status()).isEqualTo(200);
        assertThat(one.data().getString("payment_id")).isEqualTo(failed);
        Shop other = shop("/events-other");
        assertThat(http.get("/api/merchant/events/" + newest.getString("id"), other.token())
                        .status())
                .isEqualTo(404);
        assertThat(http.get("/api/merchant/events", other.token()).json().getJsonArray("data"))
                .isEmpty();

        OffsetDateTime later = OffsetDateTime.now(ZoneOffset.UTC).plusHours(1);
        assertThat(http.get("/api/merchant/events?created_gte=" + query(later), shop.token())
                        .json()
                        .getJsonArray("data"))
                .isEmpty();
        assertThat(http.get("/api/merchant/events?created_lt=" + query(later), shop.token())
                        .json()
                        .getJsonArray("data"))
                .hasSize(2);
        assertThat(http.get("/api/merchant/events?type=payment.updated", shop.token())
                        .json()
                        .getJsonArray("data"))
                .hasSize(2);
        assertThat(http.get("/api/merchant/events?type=refund.updated", shop.token())
                        .json()
                        .getJsonArray("data"))
                .isEmpty();
        // a type there is no such event of is a mistake to hear about, not an empty list
        Http.Response misspelt = http.get("/api/merchant/events?type=payment.created", shop.token());
        assertThat(misspelt.status()).isEqualTo(400);
        assertThat(misspelt.errorCode()).isEqualTo("invalid_type");
        Http.Response page = http.get("/api/merchant/events?limit=1", shop.token());
        assertThat(page.json().getBoolean("has_more")).isTrue();
        Http.Response next = http.get(
                "/api/merchant/events?limit=1&starting_after="
                        + page.json().getJsonArray("data").getJsonObject(0).getString("id"),
                shop.token());
        assertThat(next.json().getJsonArray("data").getJsonObject(0).getString("payment_id"))
                .isEqualTo(completed);

        Http.Response bad = http.get("/api/merchant/events?created_gte=yesterday", shop.token());
        assertThat(bad.status()).isEqualTo(400);
    }

    @Test
    void theDeliveryListFiltersByCreationTime() {
        Shop shop = shop("/delivery-dates");
        String early = pay(shop, PaymentStatus.COMPLETED);
        String late = pay(shop, PaymentStatus.FAILED);
        receiver.await("/delivery-dates", 2);
        service.sql(
                "UPDATE webhook_deliveries SET created_at = '2026-02-01T12:00:00Z' WHERE payment_id = $1",
                java.util.UUID.fromString(early));
        service.sql(
                "UPDATE webhook_deliveries SET created_at = '2026-02-03T12:00:00Z' WHERE payment_id = $1",
                java.util.UUID.fromString(late));
        JsonArray after = http.get("/api/merchant/webhooks/deliveries?created_gte=2026-02-02T00:00:00Z", shop.token())
                .dataArray();
        assertThat(after).hasSize(1);
        assertThat(after.getJsonObject(0).getString("payment_id")).isEqualTo(late);
        JsonArray before = http.get("/api/merchant/webhooks/deliveries?created_lt=2026-02-03T12:00:00Z", shop.token())
                .dataArray();
        assertThat(before).hasSize(1);
        assertThat(before.getJsonObject(0).getString("payment_id")).isEqualTo(early);
        Http.Response bad = http.get("/api/merchant/webhooks/deliveries?created_lt=tomorrow", shop.token());
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.json().getJsonObject("error").getString("code")).isEqualTo("invalid_created_lt");
    }

    @Test
    void recoverQueuesAgainEveryFailedDeliverySinceATime() {
        Shop shop = shop("/recover");
        OffsetDateTime before = OffsetDateTime.now(ZoneOffset.UTC).minusMinutes(1);
        // the four scheduled attempts fail; the recovered one succeeds
        receiver.script("/recover", call -> call < 4 ? Answer.status(503) : Answer.status(200));
        String id = pay(shop, PaymentStatus.COMPLETED);
        awaitDelivery(shop, id, "failed");

        Http.Response none = http.post(
                "/api/merchant/webhooks/recover",
                shop.token(),
                new JsonObject()
                        .put(
                                "since",
                                OffsetDateTime.now(ZoneOffset.UTC).plusHours(1).toString()));
        assertThat(none.status()).isEqualTo(202);
        assertThat(none.data().getInteger("queued")).isZero();

        Http.Response recovered = http.post(
                "/api/merchant/webhooks/recover", shop.token(), new JsonObject().put("since", before.toString()));
        assertThat(recovered.status()).isEqualTo(202);
        assertThat(recovered.data().getInteger("queued")).isEqualTo(1);
        JsonObject delivered = awaitDelivery(shop, id, "succeeded");
        assertThat(delivered.getInteger("attempts")).isEqualTo(5);

        assertThat(http.post("/api/merchant/webhooks/recover", shop.token(), new JsonObject().put("since", "soon"))
                        .status())
                .isEqualTo(400);
        assertThat(http.post("/api/merchant/webhooks/recover", shop.token(), new JsonObject())
                        .status())
                .isEqualTo(400);
    }

    @Test
    void aTestEventIsSentSignedNowAndTheAnswerIsReported() throws Exception {
        Shop shop = shop("/ping");
        receiver.script("/ping", call -> call == 0 ? Answer.status(200) : new Answer(500, null, 0, "broken today"));

        Http.Response ok = http.post("/api/merchant/webhooks/test", shop.token(), null);
        assertThat(ok.status()).isEqualTo(200);
        assertThat(ok.data().getInteger("status_code")).isEqualTo(200);
        assertThat(ok.data().getString("response_excerpt")).isEqualTo("ok");
        assertThat(ok.data().getString("error_kind")).isNull();
        var hook = receiver.await("/ping", 1).get(0);
        JsonObject body = new JsonObject(new String(hook.body(), StandardCharsets.UTF_8));
        assertThat(body.getString("event")).isEqualTo("webhook.test");
        assertThat(hook.header("X-Service-Event")).isEqualTo("webhook.test");
        // signed like a real delivery: Standard Webhooks content keyed with the decoded whsec_ secret
        String secret = shop.merchant().getString("webhook_secret");
        javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
        mac.init(new javax.crypto.spec.SecretKeySpec(
                java.util.Base64.getDecoder().decode(secret.substring("whsec_".length())), "HmacSHA256"));
        mac.update((hook.header("webhook-id") + "." + hook.header("webhook-timestamp") + ".")
                .getBytes(StandardCharsets.UTF_8));
        assertThat(hook.header("webhook-signature"))
                .isEqualTo("v1," + java.util.Base64.getEncoder().encodeToString(mac.doFinal(hook.body())));
        // nothing is stored: the delivery log stays empty
        assertThat(http.get("/api/merchant/webhooks/deliveries", shop.token()).dataArray())
                .isEmpty();

        Http.Response broken = http.post("/api/merchant/webhooks/test", shop.token(), null);
        assertThat(broken.data().getInteger("status_code")).isEqualTo(500);
        assertThat(broken.data().getString("response_excerpt")).isEqualTo("broken today");

        JsonObject noUrl = service.createMerchant("No URL shop");
        assertThat(http.post("/api/merchant/webhooks/test", service.tokenFor(noUrl), null)
                        .status())
                .isEqualTo(400);
    }

    @Test
    void metricsShowPaymentsAndDeliveriesByStatusAndTheDueBacklog() {
        Shop shop = shop("/gauges");
        receiver.script("/gauges", call -> Answer.status(503));
        String id = pay(shop, PaymentStatus.COMPLETED);
        awaitDelivery(shop, id, "failed");

        // the gauges are refreshed from the database every few seconds: wait for a refresh that saw the failure
        String metrics = org.awaitility.Awaitility.await()
                .atMost(java.time.Duration.ofSeconds(30))
                .pollInterval(java.time.Duration.ofMillis(200))
                .until(
                        () -> http.get("/metrics", null).body(),
                        body -> gauge(body, "walletpay_webhook_deliveries{status=\"failed\"}") >= 1
                                && gauge(body, "walletpay_payments{status=\"completed\"}") >= 1);
        assertThat(gauge(metrics, "walletpay_payments{status=\"completed\"}"))
                .as(metrics.lines()
                        .filter(line -> line.contains("walletpay_"))
                        .toList()
                        .toString())
                .isGreaterThanOrEqualTo(1);
        assertThat(metrics)
                .contains("walletpay_webhook_backlog_due ")
                .contains("walletpay_webhook_backlog_oldest_age_seconds ");
    }

    private static double gauge(String metrics, String series) {
        return metrics.lines()
                .filter(line -> line.startsWith(series + " "))
                .mapToDouble(line -> Double.parseDouble(line.substring(series.length() + 1)))
                .findFirst()
                .orElse(-1);
    }
}
