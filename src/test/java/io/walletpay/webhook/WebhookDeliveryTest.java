package io.walletpay.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.uuid.impl.UUIDUtil;
import io.vertx.core.json.JsonObject;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import io.walletpay.support.WebhookReceiver;
import io.walletpay.support.WebhookReceiver.Answer;
import io.walletpay.support.WebhookReceiver.Received;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

@BehaviourTest
class WebhookDeliveryTest {

    static final Map<String, String> FAST = Map.of(
            "WALLETPAY_WEBHOOKS_RETRY_SCHEDULE", "0s,200ms,200ms,200ms",
            "WALLETPAY_WEBHOOKS_REQUEST_TIMEOUT_MS", "1000",
            "WALLETPAY_WEBHOOKS_CONNECT_TIMEOUT_MS", "500",
            "WALLETPAY_WEBHOOKS_LEASE_SECONDS", "5",
            "WALLETPAY_WEBHOOKS_POLL_INTERVAL_MS", "100",
            "WALLETPAY_WEBHOOKS_MAX_IN_FLIGHT_PER_ENDPOINT", "2");

    static RunningService service;
    static WebhookReceiver receiver;

    @BeforeAll
    static void start() {
        service = RunningService.start(FAST);
        receiver = new WebhookReceiver();
    }

    @AfterAll
    static void stop() {
        service.close();
        receiver.close();
    }

    record Shop(JsonObject merchant, String token, String path) {}

    static Shop shop(String path) {
        JsonObject merchant = service.createMerchant(
                new JsonObject().put("name", "Shop " + path).put("webhook_url", receiver.url(path)));
        return new Shop(merchant, service.tokenFor(merchant), path);
    }

    static String pay(Shop shop, JsonObject body, PaymentStatus outcome) {
        String id = service.createPayment(shop.token(), body).getString("id");
        service.transition(id, outcome);
        return id;
    }

    @Test
    void aCompletedPaymentIsDeliveredSignedWithTheSeedsExactBody() throws Exception {
        Shop shop = shop("/signed");
        String id = pay(
                shop,
                new JsonObject()
                        .put("amount", 2500)
                        .put("reference_id", "ORD-9")
                        .put("customer_name", "Marie \"Ti\" Jean")
                        .put("customer_email", "marie@example.ht"),
                PaymentStatus.COMPLETED);

        Received hook = receiver.await("/signed", 1).get(0);
        String expected =
                "sha256=" + HexFormat.of().formatHex(hmac(shop.merchant().getString("webhook_secret"), hook.body()));
        assertThat(hook.header("X-Service-Signature")).isEqualTo(expected);
        assertThat(hook.header("Content-Type")).isEqualTo("application/json");
        assertThat(hook.header("X-Service-Event")).isEqualTo("payment.updated");
        assertThat(hook.header("X-Service-Delivery")).matches("[0-9a-f-]{36}");
        assertThat(hook.header("User-Agent")).startsWith("walletpay-webhooks/");

        JsonObject body = new JsonObject(new String(hook.body(), StandardCharsets.UTF_8));
        assertThat(List.copyOf(body.fieldNames())).containsExactly("event", "version", "timestamp", "data");
        assertThat(body.getString("event")).isEqualTo("payment.updated");
        assertThat(body.getString("version")).isEqualTo("v1");
        assertThat(body.getString("timestamp")).matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}\\+00:00");
        JsonObject data = body.getJsonObject("data");
        assertThat(List.copyOf(data.fieldNames()))
                .containsExactly(
                        "transaction_id",
                        "reference_id",
                        "status",
                        "amount",
                        "fees",
                        "net_amount",
                        "currency",
                        "payment_method",
                        "customer_name",
                        "customer_email",
                        "short_code",
                        "livemode");
        assertThat(data.getBoolean("livemode")).isTrue();
        assertThat(data.getString("transaction_id")).isEqualTo(id);
        assertThat(data.getString("short_code")).matches("WP-[0-9A-HJKMNP-TV-Z]{8}");
        assertThat(data.getString("reference_id")).isEqualTo("ORD-9");
        assertThat(data.getString("status")).isEqualTo("completed");
        assertThat(data.getValue("amount")).isEqualTo("2500.00");
        assertThat(data.getValue("fees")).isEqualTo("0.00");
        assertThat(data.getValue("net_amount")).isEqualTo("2500.00");
        assertThat(data.getString("currency")).isEqualTo("HTG");
        assertThat(data.getString("payment_method")).isEqualTo("wallet");
        assertThat(data.getString("customer_name")).isEqualTo("Marie \"Ti\" Jean");
        assertThat(data.getString("customer_email")).isEqualTo("marie@example.ht");
    }

    @Test
    void everyTransitionOutOfPendingSendsOneWebhookWithNullsForAbsentFields() {
        Shop shop = shop("/every");
        pay(shop, new JsonObject().put("amount", 10), PaymentStatus.FAILED);
        pay(shop, new JsonObject().put("amount", 11), PaymentStatus.CANCELLED);

        List<Received> hooks = receiver.await("/every", 2);
        Set<String> statuses = hooks.stream()
                .map(h -> new JsonObject(new String(h.body(), StandardCharsets.UTF_8)).getJsonObject("data"))
                .peek(data -> {
                    assertThat(data.containsKey("reference_id")).isTrue();
                    assertThat(data.getValue("reference_id")).isNull();
                    assertThat(data.getValue("customer_email")).isNull();
                    assertThat(data.getString("fees")).isEqualTo("0.00");
                    assertThat(data.getString("net_amount")).isEqualTo("0.00");
                })
                .map(data -> data.getString("status"))
                .collect(Collectors.toSet());
        assertThat(statuses).containsExactlyInAnyOrder("failed", "cancelled");
    }

    @Test
    void paymentsAndTheirDeliveriesAreNamedByTimeOrderedIdentifiers() {
        Shop shop = shop("/ordered");
        UUID first = UUID.fromString(pay(shop, new JsonObject().put("amount", 12), PaymentStatus.COMPLETED));
        UUID second = UUID.fromString(pay(shop, new JsonObject().put("amount", 13), PaymentStatus.COMPLETED));

        List<UUID> deliveries = receiver.await("/ordered", 2).stream()
                .map(hook -> UUID.fromString(hook.header("X-Service-Delivery")))
                .toList();
        // version 7: the millisecond each was made leads, so each table's indexes grow at their right edge
        assertThat(List.of(first, second, deliveries.get(0), deliveries.get(1)))
                .allSatisfy(id -> assertThat(id.version()).isEqualTo(7));
        assertThat(UUIDUtil.extractTimestamp(second)).isGreaterThanOrEqualTo(UUIDUtil.extractTimestamp(first));
        // a delivery is written in the transaction that completed its payment, after the payment was created
        assertThat(deliveries).allSatisfy(delivery -> assertThat(UUIDUtil.extractTimestamp(delivery))
                .isGreaterThanOrEqualTo(UUIDUtil.extractTimestamp(first)));
    }

    @Test
    void failuresAreRetriedWithTheSameDeliveryIdAndBytesUntilA2xx() {
        Shop shop = shop("/flaky");
        receiver.script("/flaky", call -> switch (call) {
            case 0 -> Answer.status(500);
            case 1 -> Answer.slow(2_500); // longer than the 1 s request timeout
            default -> Answer.status(204);
        });
        String id = pay(shop, new JsonObject().put("amount", 99), PaymentStatus.COMPLETED);

        List<Received> hooks = receiver.await("/flaky", 3);
        assertThat(hooks.stream().map(h -> h.header("X-Service-Delivery")).distinct())
                .hasSize(1);
        assertThat(hooks.stream()
                        .map(h -> new String(h.body(), StandardCharsets.UTF_8))
                        .distinct())
                .hasSize(1);

        JsonObject delivery = awaitDelivery(shop, id, "succeeded");
        List<Object> attempts = delivery.getJsonArray("attempt_log").getList();
        assertThat(attempts).hasSize(3);
        JsonObject first = delivery.getJsonArray("attempt_log").getJsonObject(0);
        JsonObject second = delivery.getJsonArray("attempt_log").getJsonObject(1);
        JsonObject third = delivery.getJsonArray("attempt_log").getJsonObject(2);
        assertThat(first.getInteger("status_code")).isEqualTo(500);
        assertThat(first.getString("response_excerpt")).isEqualTo("ok");
        assertThat(second.getString("error_kind")).isEqualTo("response_timeout");
        assertThat(third.getInteger("status_code")).isEqualTo(204);
        assertThat(delivery.getString("delivered_at")).isNotNull();
    }

    @Test
    void aRefusedConnectionIsRetriedAndReachesTheFixedUrlWithTheSameDeliveryId() {
        int closedPort = io.walletpay.support.TestConfig.freePort();
        JsonObject merchant = service.createMerchant(new JsonObject()
                .put("name", "Moving shop")
                .put("webhook_url", "http://127.0.0.1:" + closedPort + "/gone"));
        String token = service.tokenFor(merchant);
        Shop shop = new Shop(merchant, token, "/moved");
        String id =
                service.createPayment(token, new JsonObject().put("amount", 5)).getString("id");
        service.transition(id, PaymentStatus.COMPLETED);

        JsonObject refused = awaitAttempts(shop, id, 1);
        assertThat(refused.getJsonArray("attempt_log").getJsonObject(0).getString("error_kind"))
                .isEqualTo("connection_refused");
        service.http.patch(
                "/api/merchant/settings", token, new JsonObject().put("webhook_url", receiver.url("/moved")));

        Received hook = receiver.await("/moved", 1).get(0);
        assertThat(hook.header("X-Service-Delivery")).isEqualTo(refused.getString("id"));
    }

    @Test
    void gone410StopsRetrying() {
        Shop shop = shop("/retired");
        receiver.script("/retired", call -> Answer.status(410));
        String id = pay(shop, new JsonObject().put("amount", 3), PaymentStatus.COMPLETED);

        JsonObject delivery = awaitDelivery(shop, id, "failed");
        await().during(Duration.ofSeconds(1)) // several retry periods of the test schedule
                .atMost(Duration.ofSeconds(5))
                .untilAsserted(() -> assertThat(receiver.received("/retired")).hasSize(1));
        assertThat(delivery.getInteger("attempts")).isEqualTo(1);
    }

    @Test
    void afterTheLastScheduledAttemptTheDeliveryIsFailedAndCanBeRedelivered() {
        Shop shop = shop("/down");
        receiver.script("/down", call -> call < 4 ? Answer.status(503) : Answer.status(200));
        String id = pay(shop, new JsonObject().put("amount", 8), PaymentStatus.COMPLETED);

        JsonObject failed = awaitDelivery(shop, id, "failed");
        assertThat(failed.getInteger("attempts")).isEqualTo(4);
        Http.Response redelivered = service.http.post(
                "/api/merchant/webhooks/deliveries/" + failed.getString("id") + "/redeliver", shop.token(), null);
        assertThat(redelivered.status()).isEqualTo(202);
        JsonObject succeeded = awaitDelivery(shop, id, "succeeded");
        // attempt numbers continue across the redelivery: the delivery shows the total
        assertThat(succeeded.getInteger("attempts")).isEqualTo(5);
        assertThat(receiver.received("/down")).hasSize(5).allSatisfy(hook -> assertThat(
                        hook.header("X-Service-Delivery"))
                .isEqualTo(failed.getString("id")));
    }

    @Test
    void aRedeliveryGetsAFreshScheduleWhileAttemptNumbersContinue() {
        Shop shop = shop("/again");
        // four failures use up the schedule; after the redelivery three more fail and the fourth retry succeeds
        receiver.script("/again", call -> call < 7 ? Answer.status(503) : Answer.status(200));
        String id = pay(shop, new JsonObject().put("amount", 9), PaymentStatus.COMPLETED);

        JsonObject failed = awaitDelivery(shop, id, "failed");
        assertThat(failed.getInteger("attempts")).isEqualTo(4);
        assertThat(service.http
                        .post(
                                "/api/merchant/webhooks/deliveries/" + failed.getString("id") + "/redeliver",
                                shop.token(),
                                null)
                        .status())
                .isEqualTo(202);
        JsonObject succeeded = awaitDelivery(shop, id, "succeeded");
        assertThat(succeeded.getInteger("attempts")).isEqualTo(8);
        Http.Response detail =
                service.http.get("/api/merchant/webhooks/deliveries/" + failed.getString("id"), shop.token());
        assertThat(detail.data().getJsonArray("attempt_log")).hasSize(8);
    }

    @Test
    void retryAfterIsHonoured() {
        Shop shop = shop("/later");
        receiver.script("/later", call -> call == 0 ? new Answer(429, "3", 0, "slow down") : Answer.status(200));
        String id = pay(shop, new JsonObject().put("amount", 4), PaymentStatus.COMPLETED);

        awaitAttempts(shop, id, 1);
        var row = service.sql(
                        "SELECT EXTRACT(EPOCH FROM d.next_attempt_at - a.attempted_at) FROM webhook_deliveries d"
                                + " JOIN webhook_attempts a ON a.delivery_id = d.id WHERE d.payment_id = $1::uuid",
                        id)
                .iterator()
                .next();
        assertThat(row.getBigDecimal(0).doubleValue()).isGreaterThanOrEqualTo(2.9); // not the schedule's 200 ms
        awaitDelivery(shop, id, "succeeded");
    }

    @Test
    void aDeadEndpointOfOneMerchantDoesNotDelayAnother() {
        Shop stuck = shop("/stuck");
        Shop healthy = shop("/healthy");
        receiver.script("/stuck", call -> Answer.slow(3_000));
        for (int i = 0; i < 6; i++) {
            pay(stuck, new JsonObject().put("amount", 20 + i), PaymentStatus.COMPLETED);
        }
        receiver.await("/stuck", 2); // its two in-flight slots are taken and hanging
        pay(healthy, new JsonObject().put("amount", 7), PaymentStatus.COMPLETED);

        Received healthyHook = receiver.await("/healthy", 1).get(0);
        long stuckBefore = receiver.received("/stuck").stream()
                .filter(h -> h.sequence() < healthyHook.sequence())
                .count();
        assertThat(stuckBefore)
                .as("the stuck merchant never had more than its 2 slots before the healthy one arrived")
                .isLessThanOrEqualTo(2);
    }

    @Test
    void deliveryLogFiltersAndIsolatesMerchants() {
        Shop shop = shop("/log");
        Shop other = shop("/other-log");
        String id = pay(shop, new JsonObject().put("amount", 12), PaymentStatus.COMPLETED);
        JsonObject delivery = awaitDelivery(shop, id, "succeeded");

        Http.Response byPayment = service.http.get("/api/merchant/webhooks/deliveries?payment_id=" + id, shop.token());
        assertThat(byPayment.dataArray()).hasSize(1);
        assertThat(service.http
                        .get("/api/merchant/webhooks/deliveries?status=failed&payment_id=" + id, shop.token())
                        .dataArray())
                .isEmpty();
        assertThat(service.http
                        .get("/api/merchant/webhooks/deliveries?status=nope", shop.token())
                        .status())
                .isEqualTo(400);
        assertThat(delivery.getString("body")).contains(id);
        assertThat(service.http
                        .get("/api/merchant/webhooks/deliveries/" + delivery.getString("id"), other.token())
                        .status())
                .isEqualTo(404);
        assertThat(service.http
                        .post(
                                "/api/merchant/webhooks/deliveries/" + delivery.getString("id") + "/redeliver",
                                other.token(),
                                null)
                        .status())
                .isEqualTo(404);
        assertThat(service.http
                        .get("/api/merchant/webhooks/deliveries?payment_id=" + id, other.token())
                        .dataArray())
                .isEmpty();
    }

    @Test
    void metricsCountAttemptsAndNameNoMerchantHost() {
        Shop shop = shop("/metrics");
        String id = pay(shop, new JsonObject().put("amount", 2), PaymentStatus.COMPLETED);
        awaitDelivery(shop, id, "succeeded");
        Http.Response metrics = service.http.get("/metrics", null);
        assertThat(metrics.status()).isEqualTo(200);
        assertThat(metrics.body())
                .contains("walletpay_webhook_attempts_total{outcome=\"succeeded\"}")
                .contains("walletpay_webhook_attempt_duration_seconds_count")
                .contains("walletpay_webhook_event_to_delivered_seconds")
                .contains("vertx_http_server_requests_total")
                // the sender's attempts are measured above; Vert.x's client metrics would name the merchant's host
                .doesNotContain("vertx_http_client_")
                .doesNotContain(URI.create(receiver.url(shop.path())).getAuthority());
    }

    @Test
    void twoSenderInstancesOverOneDatabaseDeliverEachEventOnce() {
        try (WebhookReceiver own = new WebhookReceiver();
                RunningService pair = RunningService.start(withExtra("WALLETPAY_WEBHOOKS_INSTANCES", "2"))) {
            JsonObject merchant =
                    pair.createMerchant(new JsonObject().put("name", "Twice").put("webhook_url", own.url("/once")));
            String token = pair.tokenFor(merchant);
            for (int i = 0; i < 40; i++) {
                String id = pair.createPayment(token, new JsonObject().put("amount", 1 + i))
                        .getString("id");
                pair.transition(id, PaymentStatus.COMPLETED);
            }
            List<Received> hooks = own.await("/once", 40);
            // and no 41st arrives while the senders keep polling: each event went out once
            await().during(Duration.ofSeconds(1))
                    .atMost(Duration.ofSeconds(5))
                    .untilAsserted(() -> assertThat(own.received("/once")).hasSize(40));
            assertThat(hooks.stream().map(h -> h.header("X-Service-Delivery")).distinct())
                    .hasSize(40);
        }
    }

    @Test
    void aSenderStoppedMidFlightDeliversAfterRestart() {
        var database = io.walletpay.support.TestDatabase.migrated();
        try (WebhookReceiver own = new WebhookReceiver()) {
            own.script("/restart", call -> call == 0 ? Answer.slow(3_000) : Answer.status(200));
            String id;
            try (RunningService first = RunningService.start(FAST, database)) {
                JsonObject merchant = first.createMerchant(
                        new JsonObject().put("name", "Restarted").put("webhook_url", own.url("/restart")));
                id = first.createPayment(first.tokenFor(merchant), new JsonObject().put("amount", 6))
                        .getString("id");
                first.transition(id, PaymentStatus.COMPLETED);
                own.await("/restart", 1); // in flight now; close() stops the service mid-attempt
            }
            try (RunningService second = RunningService.start(FAST, database)) {
                List<Received> hooks = own.await("/restart", 2);
                assertThat(hooks.get(1).header("X-Service-Delivery"))
                        .isEqualTo(hooks.get(0).header("X-Service-Delivery"));
                assertThat(second.sql("SELECT status FROM webhook_deliveries WHERE payment_id = $1::uuid", id)
                                .iterator()
                                .next()
                                .getString(0))
                        .isIn("succeeded", "pending");
            }
        }
    }

    @Test
    void productionModeRefusesLoopbackTargets() {
        try (WebhookReceiver own = new WebhookReceiver();
                RunningService production = RunningService.start(withExtra("WALLETPAY_MODE", "production"))) {
            // saving this URL is refused in production (ProductionUrlSaveCheckTest); delivery must refuse it too, for
            // URLs stored before that check and names whose DNS has since moved inside
            JsonObject merchant = production.createMerchant(new JsonObject().put("name", "Sneaky"));
            production.sql(
                    "UPDATE merchants SET webhook_url = $1 WHERE id = $2::uuid",
                    own.url("/internal"),
                    merchant.getString("merchant_id"));
            String token = production.tokenFor(merchant);
            String id = production
                    .createPayment(token, new JsonObject().put("amount", 1))
                    .getString("id");
            production.transition(id, PaymentStatus.COMPLETED);

            JsonObject delivery = await().atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(50))
                    .until(
                            () -> deliveryOf(production, token, id),
                            d -> d != null && !d.getJsonArray("attempt_log").isEmpty());
            assertThat(delivery.getJsonArray("attempt_log").getJsonObject(0).getString("error_kind"))
                    .isEqualTo("target_rejected");
            assertThat(own.received("/internal")).isEmpty();
        }
    }

    static Map<String, String> withExtra(String key, String value) {
        Map<String, String> env = new java.util.HashMap<>(FAST);
        env.put(key, value);
        return env;
    }

    static JsonObject awaitDelivery(Shop shop, String paymentId, String status) {
        return await("delivery of " + paymentId + " becoming " + status)
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(50))
                .until(
                        () -> deliveryOf(shop, paymentId),
                        d -> d != null && d.getString("status").equals(status));
    }

    static JsonObject awaitAttempts(Shop shop, String paymentId, int attempts) {
        return await("delivery of " + paymentId + " having " + attempts + " attempts")
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(50))
                .until(
                        () -> deliveryOf(shop, paymentId),
                        d -> d != null && d.getJsonArray("attempt_log").size() >= attempts);
    }

    static JsonObject deliveryOf(Shop shop, String paymentId) {
        return deliveryOf(service, shop.token(), paymentId);
    }

    /** The payment's delivery with its attempt log, or null while there is none. */
    static JsonObject deliveryOf(RunningService on, String token, String paymentId) {
        var list = on.http
                .get("/api/merchant/webhooks/deliveries?payment_id=" + paymentId, token)
                .dataArray();
        if (list.isEmpty()) {
            return null;
        }
        return on.http
                .get(
                        "/api/merchant/webhooks/deliveries/"
                                + list.getJsonObject(0).getString("id"),
                        token)
                .data();
    }

    static byte[] hmac(String secret, byte[] body) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return mac.doFinal(body);
    }
}
