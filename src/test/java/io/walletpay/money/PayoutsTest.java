package io.walletpay.money;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import io.walletpay.support.TestConfig;
import io.walletpay.support.WebhookReceiver;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Payouts on the sandbox: the payout number only with the secret key, the balance they spend, their webhooks. */
@BehaviourTest
class PayoutsTest {

    static RunningService service;
    static WebhookReceiver receiver;
    static Http http;

    @BeforeAll
    static void start() {
        receiver = new WebhookReceiver();
        service = RunningService.start(Map.of("WALLETPAY_WEBHOOKS_POLL_INTERVAL_MS", "200"));
        http = service.http;
    }

    @AfterAll
    static void stop() {
        service.close();
        receiver.close();
    }

    @Test
    void theBalanceIsPaidOutToTheNumberSetWithTheSecretKey() throws Exception {
        JsonObject merchant = merchant("Boutik Payout");
        String token = service.tokenFor(merchant);
        RefundsTestPayments.paid(service, token, 1000);

        Http.Response none = payout(token, 100, null);
        assertThat(none.status()).isEqualTo(409);
        assertThat(none.errorCode()).isEqualTo("no_payout_phone");

        Http.Response withoutKey =
                http.patch("/api/merchant/settings", token, new JsonObject().put("payout_phone", "3712 3456"));
        assertThat(withoutKey.status()).isEqualTo(400);
        Http.Response wrongKey = http.patch(
                "/api/merchant/settings",
                token,
                new JsonObject().put("payout_phone", "3712 3456").put("secret_key", "sk_not_it"));
        assertThat(wrongKey.status()).isEqualTo(403);
        assertThat(wrongKey.errorCode()).isEqualTo("invalid_secret_key");
        Http.Response landline = http.patch(
                "/api/merchant/settings",
                token,
                new JsonObject().put("payout_phone", "2812 3456").put("secret_key", merchant.getString("secret_key")));
        assertThat(landline.status()).isEqualTo(400);
        assertThat(balance(token).getString("payout_phone")).isNull();
        Http.Response set = http.patch(
                "/api/merchant/settings",
                token,
                new JsonObject()
                        .put("payout_phone", "+509 3712-3456")
                        .put("secret_key", merchant.getString("secret_key")));
        assertThat(set.status()).as(set.body()).isEqualTo(200);
        assertThat(set.data().getString("payout_phone"))
                .as("the answer confirms it")
                .isEqualTo("509****3456");
        assertThat(balance(token).getString("payout_phone")).isEqualTo("509****3456");
        assertThat(http.get("/api/merchant/audit-log", token).body()).contains("payout_phone.set", "509****3456");

        Http.Response tooMuch = payout(token, 1000.01, null);
        assertThat(tooMuch.status()).isEqualTo(409);
        assertThat(tooMuch.errorCode()).isEqualTo("insufficient_balance");
        Http.Response created = payout(token, 400, "p-1");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonObject payout = created.data();
        assertThat(payout.getString("status")).isEqualTo("pending");
        assertThat(payout.getString("receiver")).isEqualTo("509****3456");
        assertThat(payout.containsKey("payment_id")).isFalse();
        assertThat(payout(token, 400, "p-1").data().getString("id")).isEqualTo(payout.getString("id"));

        await("the payout paid").atMost(Duration.ofSeconds(30)).until(() -> "succeeded"
                .equals(http.get("/api/merchant/payouts/" + payout.getString("id"), token)
                        .data()
                        .getString("status")));
        assertThat(balance(token).getString("available")).isEqualTo("600.00");
        assertThat(http.get("/api/merchant/payouts", token).dataArray()).hasSize(1);
        List<JsonObject> hooks = await("both payout webhooks")
                .atMost(Duration.ofSeconds(30))
                .until(() -> hooks(payout.getString("id")), list -> list.size() == 2);
        assertThat(hooks)
                .extracting(hook -> hook.getJsonObject("data").getString("status"))
                .containsExactlyInAnyOrder("pending", "succeeded");
        assertThat(hooks.get(0).getString("event")).isEqualTo("payout.updated");
        // the header a receiver routes on says what the signed body says
        assertThat(receiver.received("/hooks").stream()
                        .filter(hook ->
                                new String(hook.body(), StandardCharsets.UTF_8).contains(payout.getString("id")))
                        .map(hook -> hook.header("X-Service-Event")))
                .containsExactly("payout.updated", "payout.updated");

        // the day's settlement report lists the payout as money out
        String today = java.time.LocalDate.now(java.time.ZoneId.of("America/Port-au-Prince"))
                .toString();
        JsonObject report = http.get("/api/merchant/reports/settlement?date=" + today, token)
                .data();
        assertThat(report.getString("total_paid_out")).isEqualTo("400.00");
        assertThat(report.getJsonArray("transfers").getJsonObject(0).getString("id"))
                .isEqualTo(payout.getString("id"));
        assertThat(http.get("/api/merchant/reports/settlement?date=" + today + "&format=csv", token)
                        .body())
                .contains(payout.getString("id"), ",-400.00,0.00,-400.00,payout");

        // the events API and the delivery log show a payout's events, which belong to no payment
        var events = http.get("/api/merchant/events?type=payout.updated", token).dataArray();
        assertThat(events).hasSize(2);
        assertThat(events.getJsonObject(0).getString("payment_id")).isNull();
        assertThat(http.get("/api/merchant/webhooks/deliveries", token).status())
                .isEqualTo(200);
        io.walletpay.support.PortalClient portal = new io.walletpay.support.PortalClient(
                "http://localhost:" + service.config.http().port());
        portal.logIn(merchant);
        var log = portal.get("/portal/webhooks");
        assertThat(log.statusCode()).isEqualTo(200);
        assertThat(log.body()).containsAnyOf("Payout", "Versement", "Retrè");

        String stranger = service.tokenFor(merchant("Another"));
        assertThat(http.get("/api/merchant/payouts/" + payout.getString("id"), stranger)
                        .status())
                .isEqualTo(404);
    }

    @Test
    void aPayoutTheProviderRefusesFailsAndTheBalanceComesBack() {
        JsonObject merchant = merchant("Boutik Fail");
        String token = service.tokenFor(merchant);
        RefundsTestPayments.paid(service, token, 300);
        // the administrator sets the sandbox's failing number
        Http.Response set = http.patch(
                "/api/admin/merchants/" + merchant.getString("merchant_id"),
                TestConfig.ADMIN_TOKEN,
                new JsonObject().put("payout_phone", "509 0000 0002"));
        assertThat(set.status()).as(set.body()).isEqualTo(200);

        String id = payout(token, 300, null).data().getString("id");

        await("the payout failed").atMost(Duration.ofSeconds(30)).until(() -> "failed"
                .equals(http.get("/api/merchant/payouts/" + id, token).data().getString("status")));
        assertThat(http.get("/api/merchant/payouts/" + id, token).data().getString("failure_reason"))
                .startsWith("declined by the wallet provider");
        assertThat(balance(token).getString("available")).isEqualTo("300.00");
        assertThat(balance(token).getString("pending_out")).isEqualTo("0.00");
    }

    @Test
    void payoutsArePagedNewestFirst() {
        JsonObject merchant = merchant("Boutik Pages");
        String token = service.tokenFor(merchant);
        RefundsTestPayments.paid(service, token, 300);
        Http.Response set = http.patch(
                "/api/admin/merchants/" + merchant.getString("merchant_id"),
                TestConfig.ADMIN_TOKEN,
                new JsonObject().put("payout_phone", "3712 3456"));
        assertThat(set.status()).as(set.body()).isEqualTo(200);
        List<String> made = new java.util.ArrayList<>();
        for (int amount : new int[] {10, 20, 30}) {
            made.add(payout(token, amount, null).data().getString("id"));
        }

        Http.Response first = http.get("/api/merchant/payouts?limit=2", token);
        assertThat(ids(first)).containsExactly(made.get(2), made.get(1));
        assertThat(first.json().getBoolean("has_more")).isTrue();
        Http.Response rest = http.get("/api/merchant/payouts?limit=2&starting_after=" + made.get(1), token);
        assertThat(ids(rest)).containsExactly(made.get(0));
        assertThat(rest.json().getBoolean("has_more")).isFalse();

        String stranger = service.tokenFor(merchant("Boutik Lòt"));
        Http.Response theirs = http.get("/api/merchant/payouts?starting_after=" + made.get(1), stranger);
        assertThat(theirs.status()).isEqualTo(400);
        assertThat(theirs.errorCode()).isEqualTo("invalid_starting_after");
        assertThat(http.get("/api/merchant/payouts?starting_after=nope", token).status())
                .isEqualTo(400);
    }

    static List<String> ids(Http.Response page) {
        assertThat(page.status()).as(page.body()).isEqualTo(200);
        return page.json().getJsonArray("data").stream()
                .map(payout -> ((JsonObject) payout).getString("id"))
                .toList();
    }

    static JsonObject merchant(String name) {
        return service.createMerchant(new JsonObject()
                .put("name", name)
                .put("webhook_url", receiver.url("/hooks"))
                .put("fee_percent", "0.00")
                .put("fee_fixed", "0.00"));
    }

    static Http.Response payout(String token, double amount, String key) {
        Map<String, String> headers = key == null
                ? Map.of("Content-Type", "application/json")
                : Map.of("Content-Type", "application/json", "Idempotency-Key", key);
        return http.send(
                "POST",
                "/api/merchant/payouts",
                token,
                new JsonObject().put("amount", amount).encode(),
                headers);
    }

    static JsonObject balance(String token) {
        return http.get("/api/merchant/balance", token).data();
    }

    static List<JsonObject> hooks(String payoutId) {
        return receiver.received("/hooks").stream()
                .map(hook -> new JsonObject(new String(hook.body(), StandardCharsets.UTF_8)))
                .filter(hook -> payoutId.equals(hook.getJsonObject("data").getString("id")))
                .toList();
    }
}
