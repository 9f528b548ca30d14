package io.walletpay.money;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import io.walletpay.support.WebhookReceiver;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Refunds on the sandbox, through the API as a merchant's code calls it: the balance they come from, the rules
 * that refuse them, their webhooks, and racing requests that never give back more than came in.
 */
@BehaviourTest
class RefundsTest {

    static RunningService service;
    static WebhookReceiver receiver;
    static Http http;
    static String shop;
    static String other;

    @BeforeAll
    static void start() {
        receiver = new WebhookReceiver();
        service = RunningService.start(Map.of("WALLETPAY_WEBHOOKS_POLL_INTERVAL_MS", "200"));
        http = service.http;
        shop = service.tokenFor(service.createMerchant(new JsonObject()
                .put("name", "Boutik Refund")
                .put("webhook_url", receiver.url("/hooks"))
                .put("fee_percent", "2.50")
                .put("fee_fixed", "5.00")));
        other = service.tokenFor(service.createMerchant("Another shop"));
    }

    @AfterAll
    static void stop() {
        service.close();
        receiver.close();
    }

    @Test
    void aRefundComesOutOfTheBalanceGoesToThePayerAndIsAnnouncedOnEveryChange() {
        JsonObject payment = paid(shop, 1000);
        String id = payment.getString("id");
        String available = balance(shop).getString("available");

        Http.Response created =
                refund(shop, id, new JsonObject().put("amount", 300).put("reason", "damaged"), "r-1");

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonObject refund = created.data();
        assertThat(refund.getString("payment_id")).isEqualTo(id);
        assertThat(refund.getString("amount")).isEqualTo("300.00");
        assertThat(refund.getString("status")).isEqualTo("pending");
        assertThat(refund.getString("reason")).isEqualTo("damaged");
        assertThat(UUID.fromString(refund.getString("id")).version())
                .as("a time-ordered identifier")
                .isEqualTo(7);
        // the same request again answers the same refund and takes nothing more
        Http.Response again =
                refund(shop, id, new JsonObject().put("amount", 300).put("reason", "damaged"), "r-1");
        assertThat(again.status()).isEqualTo(201);
        assertThat(again.data().getString("id")).isEqualTo(refund.getString("id"));
        Http.Response reused = refund(shop, id, new JsonObject().put("amount", 200), "r-1");
        assertThat(reused.status()).isEqualTo(409);
        assertThat(reused.errorCode()).isEqualTo("idempotency_key_reused");

        await("the refund paid").atMost(Duration.ofSeconds(30)).until(() -> "succeeded"
                .equals(refunds(shop, id).getJsonObject(0).getString("status")));
        assertThat(refunds(shop, id)).hasSize(1);
        assertThat(http.get("/api/merchant/payments/" + id, shop).data().getString("amount_refunded"))
                .isEqualTo("300.00");
        assertThat(http.get("/api/merchant/payments/" + id, shop).data().getString("status"))
                .isEqualTo("completed");
        assertThat(new java.math.BigDecimal(balance(shop).getString("available")))
                .isEqualByComparingTo(new java.math.BigDecimal(available).subtract(new java.math.BigDecimal("300")));
        assertThat(balance(shop).getString("pending_out")).isEqualTo("0.00");
        assertThat(service.sql("SELECT receiver FROM transfers WHERE id = $1::uuid", refund.getString("id"))
                        .iterator()
                        .next()
                        .getString(0))
                .isEqualTo("50937001234");

        List<JsonObject> hooks = await("both refund webhooks")
                .atMost(Duration.ofSeconds(30))
                .until(() -> refundHooks(refund.getString("id")), list -> list.size() == 2);
        assertThat(hooks)
                .extracting(hook -> hook.getJsonObject("data").getString("status"))
                .containsExactlyInAnyOrder("pending", "succeeded");
        assertThat(hooks.get(0).getString("event")).isEqualTo("refund.updated");
        assertThat(hooks.get(0).getJsonObject("data").getString("amount")).isEqualTo("300.00");
        // the header a receiver routes on says what the signed body says
        assertThat(receiver.received("/hooks").stream()
                        .filter(hook ->
                                new String(hook.body(), StandardCharsets.UTF_8).contains(refund.getString("id")))
                        .map(hook -> hook.header("X-Service-Event")))
                .containsExactly("refund.updated", "refund.updated");
    }

    @Test
    void whatIsLeftIsRefundedWhenNoAmountIsGivenAndNeverMore() {
        String noFees = service.tokenFor(service.createMerchant(new JsonObject()
                .put("name", "No fees")
                .put("fee_percent", "0.00")
                .put("fee_fixed", "0.00")));
        JsonObject payment = paid(noFees, 400);
        String id = payment.getString("id");
        // an amount sent as null is a client's mistake, not "everything that is left"
        Http.Response nullAmount = refund(noFees, id, new JsonObject().putNull("amount"), null);
        assertThat(nullAmount.status()).isEqualTo(400);
        assertThat(nullAmount.errorCode()).isEqualTo("invalid_amount");
        assertThat(refund(noFees, id, new JsonObject().put("amount", 150), null).status())
                .isEqualTo(201);

        Http.Response rest = http.send("POST", "/api/merchant/payments/" + id + "/refunds", noFees, null, Map.of());
        assertThat(rest.status()).as(rest.body()).isEqualTo(201);
        assertThat(rest.data().getString("amount")).isEqualTo("250.00");

        Http.Response more = refund(noFees, id, new JsonObject().put("amount", 0.01), null);
        assertThat(more.status()).isEqualTo(409);
        assertThat(more.errorCode()).isEqualTo("refund_exceeds_payment");
    }

    @Test
    void onlyACompletedPaymentOfTheMerchantsOwnCanBeRefunded() {
        JsonObject pending = service.createPayment(shop, new JsonObject().put("amount", 50));
        Http.Response notPaid = refund(shop, pending.getString("id"), new JsonObject(), null);
        assertThat(notPaid.status()).isEqualTo(409);
        assertThat(notPaid.errorCode()).isEqualTo("invalid_state");

        JsonObject theirs = paid(shop, 60);
        Http.Response stranger = refund(other, theirs.getString("id"), new JsonObject(), null);
        assertThat(stranger.status()).isEqualTo(404);
        assertThat(http.get("/api/merchant/payments/" + theirs.getString("id") + "/refunds", other)
                        .status())
                .isEqualTo(404);

        Http.Response tooMuch = refund(shop, theirs.getString("id"), new JsonObject().put("amount", 61), null);
        assertThat(tooMuch.status()).isEqualTo(409);
        assertThat(tooMuch.errorCode()).isEqualTo("refund_exceeds_payment");
        Http.Response bad = refund(shop, theirs.getString("id"), new JsonObject().put("amount", 1.001), null);
        assertThat(bad.status()).isEqualTo(400);
        assertThat(http.get("/api/merchant/payments/" + theirs.getString("id"), shop)
                        .data()
                        .getString("amount_refunded"))
                .isEqualTo("0.00");
    }

    @Test
    void aRefundNeverSpendsMoreThanTheBalanceHolds() {
        // a fee of 100 HTG on a 150 HTG payment: 50 HTG of it is the shop's
        String thin = service.tokenFor(service.createMerchant(
                new JsonObject().put("name", "Thin margins").put("fee_fixed", "100.00")));
        JsonObject payment = paid(thin, 150);
        assertThat(balance(thin).getString("available")).isEqualTo("50.00");

        Http.Response refused = refund(thin, payment.getString("id"), new JsonObject(), null);

        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.errorCode()).isEqualTo("insufficient_balance");
        assertThat(refund(thin, payment.getString("id"), new JsonObject().put("amount", 50), null)
                        .status())
                .isEqualTo(201);
        assertThat(balance(thin).getString("available")).isEqualTo("0.00");
    }

    @Test
    void racingRefundsNeverGiveBackMoreThanThePaymentOrTheBalance() throws Exception {
        String racer = service.tokenFor(service.createMerchant(
                new JsonObject().put("name", "Racer").put("fee_percent", "0.00").put("fee_fixed", "0.00")));
        JsonObject first = paid(racer, 1000);
        JsonObject second = paid(racer, 500);
        // 12 refunds of 200 against the first payment and 12 of 100 against the second, all at once: the first
        // takes 5 (1,000 HTG), the second 5 (500 HTG), and the balance of 1,500 HTG ends at zero, never below
        List<Callable<Http.Response>> calls = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            calls.add(() -> refund(racer, first.getString("id"), new JsonObject().put("amount", 200), null));
            calls.add(() -> refund(racer, second.getString("id"), new JsonObject().put("amount", 100), null));
        }
        ExecutorService pool = Executors.newFixedThreadPool(24);
        List<Http.Response> answers = new ArrayList<>();
        try {
            for (Future<Http.Response> answer : pool.invokeAll(calls)) {
                answers.add(answer.get());
            }
        } finally {
            pool.shutdown();
        }

        assertThat(answers).extracting(Http.Response::status).containsOnly(201, 409);
        assertThat(answers.stream().filter(answer -> answer.status() == 201)).hasSize(10);
        assertThat(answers.stream().filter(answer -> answer.status() == 409))
                .allSatisfy(answer -> assertThat(answer.errorCode()).isEqualTo("refund_exceeds_payment"));
        assertThat(balance(racer).getString("available")).isEqualTo("0.00");
        assertThat(http.get("/api/merchant/payments/" + first.getString("id"), racer)
                        .data()
                        .getString("amount_refunded"))
                .isEqualTo("1000.00");
        assertThat(service.sql(
                                "SELECT min(running) FROM (SELECT sum(amount) OVER (ORDER BY id) AS running"
                                        + " FROM ledger_entries WHERE merchant_id = (SELECT merchant_id FROM payments"
                                        + " WHERE id = $1::uuid)) AS ledger",
                                first.getString("id"))
                        .iterator()
                        .next()
                        .getBigDecimal(0))
                .isNotNegative();
    }

    // ---- helpers ----------------------------------------------------------------------------------------------

    static JsonObject paid(String token, int amount) {
        return RefundsTestPayments.paid(service, token, amount);
    }

    static Http.Response refund(String token, String paymentId, JsonObject body, String key) {
        Map<String, String> headers = key == null
                ? Map.of("Content-Type", "application/json")
                : Map.of("Content-Type", "application/json", "Idempotency-Key", key);
        return http.send("POST", "/api/merchant/payments/" + paymentId + "/refunds", token, body.encode(), headers);
    }

    static JsonArray refunds(String token, String paymentId) {
        Http.Response list = http.get("/api/merchant/payments/" + paymentId + "/refunds", token);
        assertThat(list.status()).isEqualTo(200);
        return list.dataArray();
    }

    static JsonObject balance(String token) {
        Http.Response balance = http.get("/api/merchant/balance", token);
        assertThat(balance.status()).as(balance.body()).isEqualTo(200);
        assertThat(balance.data().getString("currency")).isEqualTo("HTG");
        return balance.data();
    }

    static List<JsonObject> refundHooks(String refundId) {
        return receiver.received("/hooks").stream()
                .map(hook -> new JsonObject(new String(hook.body(), StandardCharsets.UTF_8)))
                .filter(hook -> hook.getString("event").equals("refund.updated"))
                .filter(hook -> refundId.equals(hook.getJsonObject("data").getString("id")))
                .toList();
    }
}
