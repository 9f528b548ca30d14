package io.walletpay.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.walletpay.money.RefundsTestPayments;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import io.walletpay.support.WebhookReceiver;
import io.walletpay.support.WebhookReceiver.Received;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Webhook endpoints as a merchant uses them: each endpoint is sent only the events it asked for, signed with its own
 * secret; the settings' webhook_url is the first endpoint and takes every event; bad requests are clear 4xx.
 */
@BehaviourTest
class WebhookEndpointsApiTest {

    private static final String ENDPOINTS = "/api/merchant/webhooks/endpoints";

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
    void twoEndpointsEachReceiveOnlyTheEventsTheyAskedForSignedWithTheirOwnSecret() throws Exception {
        JsonObject merchant = service.createMerchant(
                new JsonObject().put("name", "Two desks").put("webhook_url", receiver.url("/two/all")));
        String token = service.tokenFor(merchant);
        JsonObject payments = create(token, receiver.url("/two/payments"), "payment.updated");
        JsonObject refunds = create(token, receiver.url("/two/refunds"), "refund.updated");
        assertThat(payments.getString("secret"))
                .startsWith("whsec_")
                .isNotEqualTo(refunds.getString("secret"))
                .isNotEqualTo(merchant.getString("webhook_secret"));

        String paymentId = RefundsTestPayments.paid(service, token, 1000).getString("id");
        Http.Response refund = http.send(
                "POST",
                "/api/merchant/payments/" + paymentId + "/refunds",
                token,
                new JsonObject().put("amount", 100).encode(),
                Map.of("Content-Type", "application/json"));
        assertThat(refund.status()).as(refund.body()).isEqualTo(201);

        // the first endpoint takes all: the payment's event and the refund's two (pending, then succeeded)
        List<Received> all = receiver.await("/two/all", 3);
        List<Received> toPayments = receiver.await("/two/payments", 1);
        List<Received> toRefunds = receiver.await("/two/refunds", 2);
        assertThat(events(all)).containsExactlyInAnyOrder("payment.updated", "refund.updated", "refund.updated");
        assertThat(events(toPayments)).containsOnly("payment.updated");
        assertThat(events(toRefunds)).containsOnly("refund.updated");
        for (Received hook : all) {
            assertSignedBy(merchant.getString("webhook_secret"), hook);
        }
        for (Received hook : toPayments) {
            assertSignedBy(payments.getString("secret"), hook);
            assertThat(WebhookSigner.signatureHeader(hook.body(), refunds.getString("secret")))
                    .isNotEqualTo(hook.header(WebhookSigner.HEADER));
        }
        for (Received hook : toRefunds) {
            assertSignedBy(refunds.getString("secret"), hook);
        }

        // the log names each delivery's endpoint, one delivery per endpoint that took the event; the events list
        // keeps one entry per event, whose id is one delivery's id
        JsonArray deliveries =
                http.get("/api/merchant/webhooks/deliveries?limit=100", token).dataArray();
        String first = http.get(ENDPOINTS, token).dataArray().getJsonObject(0).getString("id");
        Map<String, List<String>> byEndpoint = IntStream.range(0, deliveries.size())
                .mapToObj(deliveries::getJsonObject)
                .collect(Collectors.groupingBy(
                        delivery -> delivery.getString("endpoint_id"),
                        Collectors.mapping(delivery -> delivery.getString("event"), Collectors.toList())));
        assertThat(byEndpoint).containsOnlyKeys(first, payments.getString("id"), refunds.getString("id"));
        assertThat(byEndpoint.get(first)).hasSize(3);
        assertThat(byEndpoint.get(payments.getString("id"))).containsExactly("payment.updated");
        assertThat(byEndpoint.get(refunds.getString("id"))).containsExactly("refund.updated", "refund.updated");
        // the portal's webhooks page names each delivery's address once there is more than one
        io.walletpay.support.PortalClient portal = new io.walletpay.support.PortalClient(
                "http://localhost:" + service.config.http().port());
        portal.logIn(merchant);
        String page = portal.get("/portal/webhooks").body();
        assertThat(page)
                .contains(receiver.url("/two/all"), receiver.url("/two/payments"), receiver.url("/two/refunds"));
        JsonArray events = http.get("/api/merchant/events?limit=100", token).dataArray();
        assertThat(events).hasSize(3);
        assertThat(all.stream().map(hook -> hook.header("webhook-id")))
                .containsExactlyInAnyOrderElementsOf(IntStream.range(0, events.size())
                        .mapToObj(i -> events.getJsonObject(i).getString("id"))
                        .toList());
    }

    @Test
    void anEndpointIsMadeReadChangedRotatedAndDeleted() {
        JsonObject merchant = service.createMerchant(
                new JsonObject().put("name", "Crud shop").put("webhook_url", receiver.url("/crud/first")));
        String token = service.tokenFor(merchant);

        JsonObject made = create(token, receiver.url("/crud/more"), "payment.updated", "payout.updated");
        String path = ENDPOINTS + "/" + made.getString("id");
        assertThat(made.getString("description")).isNull();
        assertThat(made.getBoolean("from_settings")).isFalse();
        Http.Response read = http.get(path, token);
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.data().containsKey("secret")).isFalse();
        assertThat(read.data().getJsonArray("enabled_events")).containsExactly("payment.updated", "payout.updated");

        JsonArray listed = http.get(ENDPOINTS, token).dataArray();
        assertThat(listed).hasSize(2);
        assertThat(listed.getJsonObject(0).getString("url")).isEqualTo(receiver.url("/crud/first"));
        assertThat(listed.getJsonObject(0).getBoolean("from_settings")).isTrue();
        assertThat(listed.getJsonObject(0).getJsonArray("enabled_events")).containsExactly("*");
        assertThat(listed.getJsonObject(1).getString("id")).isEqualTo(made.getString("id"));
        assertThat(listed.encode()).doesNotContain(made.getString("secret"));

        Http.Response changed = http.patch(
                path,
                token,
                new JsonObject().put("description", "Desk").put("enabled_events", new JsonArray().add("*")));
        assertThat(changed.status()).as(changed.body()).isEqualTo(200);
        assertThat(changed.data().getString("description")).isEqualTo("Desk");
        assertThat(changed.data().getJsonArray("enabled_events")).containsExactly("*");
        assertThat(changed.data().getString("url")).isEqualTo(receiver.url("/crud/more"));

        Http.Response rotated = http.post(path + "/secret/rotate", token, null);
        assertThat(rotated.status()).as(rotated.body()).isEqualTo(200);
        assertThat(rotated.data().getString("secret")).startsWith("whsec_").isNotEqualTo(made.getString("secret"));
        assertThat(rotated.data().getString("previous_secret_active_until")).isNotNull();

        Http.Response deleted = http.send("DELETE", path, token, null, Map.of());
        assertThat(deleted.status()).isEqualTo(200);
        assertThat(deleted.data().getBoolean("deleted")).isTrue();
        assertThat(http.get(path, token).status()).isEqualTo(404);
        assertThat(http.send("DELETE", path, token, null, Map.of()).status()).isEqualTo(404);
        assertThat(http.get(ENDPOINTS, token).dataArray()).hasSize(1);

        // a deleted endpoint is sent nothing more: the next event is one delivery, to the first endpoint
        String paymentId = service.createPayment(token, new JsonObject().put("amount", 100))
                .getString("id");
        service.transition(paymentId, io.walletpay.payment.PaymentStatus.COMPLETED);
        receiver.await("/crud/first", 1);
        JsonArray deliveries = http.get("/api/merchant/webhooks/deliveries?payment_id=" + paymentId, token)
                .dataArray();
        assertThat(deliveries).hasSize(1);
        assertThat(deliveries.getJsonObject(0).getString("endpoint_id"))
                .isEqualTo(listed.getJsonObject(0).getString("id"));
        assertThat(receiver.received("/crud/more")).isEmpty();
    }

    @Test
    void theAuditLogNamesWhoMadeChangedRotatedAndDeletedAnEndpointButNeverItsSecret() {
        JsonObject merchant = service.createMerchant("Audited desks");
        String token = service.tokenFor(merchant);
        JsonObject made = create(token, receiver.url("/audited/a"), "payment.updated");
        String id = made.getString("id");
        String path = ENDPOINTS + "/" + id;
        assertThat(http.patch(path, token, new JsonObject().put("url", receiver.url("/audited/b")))
                        .status())
                .isEqualTo(200);
        Http.Response rotated = http.post(path + "/secret/rotate", token, null);
        assertThat(rotated.status()).isEqualTo(200);
        assertThat(http.send("DELETE", path, token, null, Map.of()).status()).isEqualTo(200);

        Http.Response log = http.get("/api/merchant/audit-log", token);
        assertThat(log.status()).isEqualTo(200);
        List<String> entries = log.dataArray().stream()
                .map(JsonObject.class::cast)
                .map(entry ->
                        entry.getString("action") + " " + entry.getString("what") + " by " + entry.getString("actor"))
                .toList();
        String by = " by " + merchant.getString("merchant_id");
        assertThat(entries)
                .as("newest first")
                .containsExactly(
                        "webhook_endpoint.delete " + id + by,
                        "webhook_endpoint.secret_rotate " + id + ": secret" + by,
                        "webhook_endpoint.update " + id + ": url" + by,
                        "webhook_endpoint.create " + id + by);
        assertThat(log.body())
                .doesNotContain(made.getString("secret"))
                .doesNotContain(rotated.data().getString("secret"));
    }

    @Test
    void theSettingsWebhookUrlIsTheFirstEndpointBothWays() {
        JsonObject merchant = service.createMerchant("Settings shop");
        String token = service.tokenFor(merchant);
        assertThat(http.get(ENDPOINTS, token).dataArray()).isEmpty();

        settings(token, new JsonObject().put("webhook_url", receiver.url("/settings/a")));
        JsonObject first = http.get(ENDPOINTS, token).dataArray().getJsonObject(0);
        assertThat(first.getString("url")).isEqualTo(receiver.url("/settings/a"));
        assertThat(first.getBoolean("from_settings")).isTrue();

        // changing the first endpoint's URL is the settings change, under the same id
        String path = ENDPOINTS + "/" + first.getString("id");
        Http.Response moved = http.patch(path, token, new JsonObject().put("url", receiver.url("/settings/b")));
        assertThat(moved.status()).as(moved.body()).isEqualTo(200);
        assertThat(moved.data().getString("id")).isEqualTo(first.getString("id"));
        assertThat(http.get("/api/merchant/settings", token).data().getString("webhook_url"))
                .isEqualTo(receiver.url("/settings/b"));

        // it takes every event: narrowing it is refused
        Http.Response narrowed =
                http.patch(path, token, new JsonObject().put("enabled_events", new JsonArray().add("refund.updated")));
        assertThat(narrowed.status()).isEqualTo(409);
        assertThat(narrowed.errorCode()).isEqualTo("first_endpoint_takes_every_event");

        // clearing the webhook_url removes the first endpoint; setting one again brings it back under its id
        settings(token, new JsonObject().putNull("webhook_url"));
        assertThat(http.get(ENDPOINTS, token).dataArray()).isEmpty();
        assertThat(http.get(path, token).status()).isEqualTo(404);
        settings(token, new JsonObject().put("webhook_url", receiver.url("/settings/c")));
        assertThat(http.get(ENDPOINTS, token).dataArray().getJsonObject(0).getString("id"))
                .isEqualTo(first.getString("id"));

        // deleting it through the endpoints API clears the settings' webhook_url
        assertThat(http.send("DELETE", path, token, null, Map.of()).status()).isEqualTo(200);
        assertThat(http.get("/api/merchant/settings", token).data().getString("webhook_url"))
                .isNull();
    }

    @Test
    void badRequestsAreClearRefusals() {
        JsonObject merchant = service.createMerchant(
                new JsonObject().put("name", "Refusals shop").put("webhook_url", receiver.url("/refusals")));
        String token = service.tokenFor(merchant);

        Http.Response unknownType = http.post(
                ENDPOINTS,
                token,
                new JsonObject()
                        .put("url", receiver.url("/x"))
                        .put("enabled_events", new JsonArray().add("payment.created")));
        assertThat(unknownType.status()).isEqualTo(400);
        assertThat(unknownType.errorCode()).isEqualTo("unknown_event_type");
        assertThat(unknownType.json().getJsonObject("error").getString("message"))
                .contains("payment.updated", "refund.updated", "payout.updated");

        Http.Response badUrl = http.post(
                ENDPOINTS,
                token,
                new JsonObject().put("url", "ftp://shop.example/").put("enabled_events", new JsonArray().add("*")));
        assertThat(badUrl.status()).isEqualTo(400);
        assertThat(badUrl.errorCode()).isEqualTo("invalid_url");

        Http.Response noEvents = http.post(ENDPOINTS, token, new JsonObject().put("url", receiver.url("/x")));
        assertThat(noEvents.status()).isEqualTo(400);
        assertThat(noEvents.errorCode()).isEqualTo("invalid_enabled_events");

        Http.Response notJson = http.send("POST", ENDPOINTS, token, "{", Map.of("Content-Type", "application/json"));
        assertThat(notJson.status()).isEqualTo(400);

        assertThat(http.get(ENDPOINTS + "/" + java.util.UUID.randomUUID(), token)
                        .status())
                .isEqualTo(404);
        // an id that is no id names nothing, as on every other route
        assertThat(http.get(ENDPOINTS + "/not-an-id", token).status()).isEqualTo(404);

        // the first endpoint counts: 15 more fill the merchant's 16, the 17th is refused
        for (int i = 0; i < 15; i++) {
            create(token, receiver.url("/refusals/" + i), "*");
        }
        Http.Response seventeenth = http.post(
                ENDPOINTS,
                token,
                new JsonObject()
                        .put("url", receiver.url("/refusals/17"))
                        .put("enabled_events", new JsonArray().add("*")));
        assertThat(seventeenth.status()).isEqualTo(409);
        assertThat(seventeenth.errorCode()).isEqualTo("endpoint_limit_reached");
        assertThat(http.get(ENDPOINTS, token).dataArray()).hasSize(16);
    }

    @Test
    void anotherMerchantsEndpointIsNotFound() {
        String owner = service.tokenFor(service.createMerchant("Owner shop"));
        String stranger = service.tokenFor(service.createMerchant("Stranger shop"));
        String path =
                ENDPOINTS + "/" + create(owner, receiver.url("/owner"), "*").getString("id");

        assertThat(http.get(path, stranger).status()).isEqualTo(404);
        assertThat(http.patch(path, stranger, new JsonObject().put("description", "mine"))
                        .status())
                .isEqualTo(404);
        assertThat(http.post(path + "/secret/rotate", stranger, null).status()).isEqualTo(404);
        assertThat(http.send("DELETE", path, stranger, null, Map.of()).status()).isEqualTo(404);
        assertThat(http.get(path, owner).data().getString("description")).isNull();
    }

    static JsonObject create(String token, String url, String... events) {
        Http.Response made = http.post(
                ENDPOINTS,
                token,
                new JsonObject().put("url", url).put("enabled_events", new JsonArray(List.of(events))));
        assertThat(made.status()).as(made.body()).isEqualTo(201);
        return made.data();
    }

    private static void settings(String token, JsonObject changes) {
        Http.Response saved = http.patch("/api/merchant/settings", token, changes);
        assertThat(saved.status()).as(saved.body()).isEqualTo(200);
    }

    private static List<String> events(List<Received> hooks) {
        return hooks.stream()
                .map(hook -> new JsonObject(new String(hook.body(), StandardCharsets.UTF_8)).getString("event"))
                .toList();
    }

    private static void assertSignedBy(String secret, Received hook) {
        assertThat(hook.header(WebhookSigner.HEADER)).isEqualTo(WebhookSigner.signatureHeader(hook.body(), secret));
    }
}
