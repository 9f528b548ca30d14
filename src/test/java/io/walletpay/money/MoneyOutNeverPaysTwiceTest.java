package io.walletpay.money;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.walletpay.checkout.FakeWalletProvider;
import io.walletpay.checkout.FakeWalletProvider.TransferScript;
import io.walletpay.checkout.FakeWalletProvider.TransferScript.Answer;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.LivePayments;
import io.walletpay.support.RunningService;
import io.walletpay.support.TestConfig;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Refunds and payouts against a fake MonCash whose Transfert behaves as a slow or flaky provider does, with the
 * service's provider timeout at 3 s and a settle window of 20 s: transfers made after the timeout (8 s, 30 s), made
 * and then the connection dropped, made and answered 500 or 400, answered "pending" and made later, refused (403),
 * or never made and answered 400 or 500. Whatever happens, every reference is made at most once; every one made
 * ends {@code succeeded} or held for review, never {@code failed}; every one never made is not {@code succeeded};
 * and each merchant's balance is its completed payments' net less its refunds and payouts that have not failed,
 * to the centime. The held ones are then decided by an operator through the admin API.
 */
@BehaviourTest
class MoneyOutNeverPaysTwiceTest {

    static final String ADMIN = TestConfig.ADMIN_TOKEN;

    /** What a case's transfers end as before any operator: paid, refused, or held for an operator. */
    enum Expect {
        SUCCEEDED,
        FAILED,
        HELD
    }

    record Case(String name, TransferScript script, boolean made, Expect expect) {}

    static final List<Case> CASES = List.of(
            new Case("answered at once", null, true, Expect.SUCCEEDED),
            new Case("made after 8 s", TransferScript.appliesAfter(Duration.ofSeconds(8)), true, Expect.SUCCEEDED),
            new Case("made after 30 s", TransferScript.appliesAfter(Duration.ofSeconds(30)), true, Expect.HELD),
            new Case("made, connection dropped", TransferScript.appliesThenDrops(), true, Expect.SUCCEEDED),
            new Case("made, answered 500", TransferScript.appliesThenAnswers(Answer.HTTP_500), true, Expect.SUCCEEDED),
            new Case("made, answered 400", TransferScript.appliesThenAnswers(Answer.HTTP_400), true, Expect.SUCCEEDED),
            new Case(
                    "pending, made after 5 s",
                    TransferScript.pendingThenApplies(Duration.ofSeconds(5)),
                    true,
                    Expect.SUCCEEDED),
            new Case("refused 403", TransferScript.refusedWith(Answer.HTTP_403), false, Expect.FAILED),
            new Case("never made, answered 400", TransferScript.refusedWith(Answer.HTTP_400), false, Expect.HELD),
            new Case("never made, answered 500", TransferScript.refusedWith(Answer.HTTP_500), false, Expect.HELD));

    static Vertx providerVertx;
    static FakeWalletProvider fake;
    static RunningService service;
    static Http http;

    @BeforeAll
    static void start() {
        providerVertx = Vertx.vertx();
        fake = RunningService.await(new FakeWalletProvider().start(providerVertx));
        service = RunningService.startLive(
                fake.liveModeEnvironment(),
                Map.of("WALLETPAY_PROVIDER_REQUEST_TIMEOUT_MS", "3000", "WALLETPAY_MONEY_SETTLE_WINDOW", "20s"));
        http = service.http;
    }

    @AfterAll
    static void stop() {
        service.close();
        RunningService.await(fake.close());
        RunningService.await(providerVertx.close());
    }

    /** One case's shop: a payment of 1 000 HTG paid, then a refund of 300 to the payer and a payout of 200. */
    record Shop(Case kase, String token, String refund, String payout) {}

    @Test
    void everyReferenceIsMadeAtMostOnceAndTheBooksBalance() {
        List<Shop> shops = new ArrayList<>();
        for (int i = 0; i < CASES.size(); i++) {
            shops.add(open(i, CASES.get(i)));
        }
        Map<String, Shop> byTransfer = new LinkedHashMap<>();
        shops.forEach(shop -> {
            byTransfer.put(shop.refund(), shop);
            byTransfer.put(shop.payout(), shop);
        });

        await("every transfer settled or held for review")
                .atMost(Duration.ofSeconds(120))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> byTransfer.keySet().stream().allMatch(id -> {
                    JsonObject seen = operatorView(id);
                    return !seen.getString("status").equals("pending") || seen.getBoolean("needs_review");
                }));

        for (Map.Entry<String, Shop> entry : byTransfer.entrySet()) {
            String id = entry.getKey();
            Case kase = entry.getValue().kase();
            JsonObject seen = operatorView(id);
            String what = kase.name() + " (" + seen.getString("kind") + ")";
            assertThat(fake.timesApplied(id)).as(what + ": made at most once").isLessThanOrEqualTo(1);
            assertThat(fake.requests("/api/v1/Transfert").stream()
                            .filter(request -> request.body().contains(id)))
                    .as(what + ": sent once, never again on its own")
                    .hasSize(1);
            switch (kase.expect()) {
                case SUCCEEDED -> assertThat(seen.getString("status")).as(what).isEqualTo("succeeded");
                case FAILED -> {
                    assertThat(seen.getString("status")).as(what).isEqualTo("failed");
                    assertThat(seen.getString("failure_reason")).isEqualTo("provider_refused");
                }
                case HELD -> {
                    assertThat(seen.getString("status")).as(what).isEqualTo("pending");
                    assertThat(seen.getBoolean("needs_review")).as(what).isTrue();
                    // the merchant sees it pending, as before
                    assertThat(merchantStatus(entry.getValue(), id)).isEqualTo("pending");
                }
            }
            if (fake.timesApplied(id) == 1) {
                assertThat(seen.getString("status"))
                        .as(what + ": made, so never failed")
                        .isNotEqualTo("failed");
            } else {
                assertThat(seen.getString("status")).as(what + ": never made").isNotEqualTo("succeeded");
            }
        }
        shops.forEach(MoneyOutNeverPaysTwiceTest::assertBooksBalance);

        JsonArray held = http.get("/api/admin/transfers?needs_review=true&limit=100", ADMIN)
                .dataArray();
        assertThat(held.stream().map(row -> ((JsonObject) row).getString("id")))
                .containsExactlyInAnyOrderElementsOf(byTransfer.entrySet().stream()
                        .filter(entry -> entry.getValue().kase().expect() == Expect.HELD)
                        .map(Map.Entry::getKey)
                        .toList());

        // the operator decides, after looking at the business account's history
        for (Shop shop : shops) {
            switch (shop.kase().name()) {
                case "made after 30 s" -> {
                    await("MonCash made the late transfers")
                            .atMost(Duration.ofSeconds(60))
                            .until(() ->
                                    fake.timesApplied(shop.refund()) == 1 && fake.timesApplied(shop.payout()) == 1);
                    for (String id : List.of(shop.refund(), shop.payout())) {
                        JsonObject resolved = resolve(id, "succeeded", "found in the business account's history");
                        assertThat(resolved.getString("status")).isEqualTo("succeeded");
                        assertThat(resolved.getJsonObject("resolution").getString("outcome"))
                                .isEqualTo("succeeded");
                    }
                }
                case "never made, answered 400" -> {
                    for (String id : List.of(shop.refund(), shop.payout())) {
                        JsonObject resolved = resolve(id, "failed", "not in the business account's history");
                        assertThat(resolved.getString("status")).isEqualTo("failed");
                        assertThat(resolved.getString("failure_reason")).isEqualTo("transfer_not_made");
                    }
                }
                case "never made, answered 500" -> {
                    fake.scriptTransfersTo(refundReceiver(CASES.indexOf(shop.kase())), null);
                    fake.scriptTransfersTo(payoutReceiver(CASES.indexOf(shop.kase())), null);
                    for (String id : List.of(shop.refund(), shop.payout())) {
                        JsonObject resolved = resolve(id, "send_again", "not in the history; MonCash is back");
                        assertThat(resolved.getString("status")).isEqualTo("pending");
                        assertThat(resolved.getBoolean("needs_review")).isFalse();
                    }
                    await("sent again and paid")
                            .atMost(Duration.ofSeconds(30))
                            .until(() -> merchantStatus(shop, shop.refund()).equals("succeeded")
                                    && merchantStatus(shop, shop.payout()).equals("succeeded"));
                }
                default -> {}
            }
        }

        for (Map.Entry<String, Shop> entry : byTransfer.entrySet()) {
            String id = entry.getKey();
            JsonObject seen = operatorView(id);
            String what = entry.getValue().kase().name() + " (" + seen.getString("kind") + ")";
            assertThat(fake.timesApplied(id)).as(what + ": made at most once").isLessThanOrEqualTo(1);
            assertThat(seen.getString("status"))
                    .as(what + ": succeeded exactly when MonCash made it")
                    .isEqualTo(fake.timesApplied(id) == 1 ? "succeeded" : "failed");
            assertThat(seen.getBoolean("needs_review")).isFalse();
        }
        shops.forEach(MoneyOutNeverPaysTwiceTest::assertBooksBalance);
        assertThat(http.get("/api/admin/transfers?needs_review=true", ADMIN).dataArray())
                .isEmpty();
        Shop resolvedOne = shops.get(CASES.indexOf(CASES.get(2)));
        assertThat(http.get("/api/merchant/audit-log", resolvedOne.token()).dataArray().stream()
                        .map(row -> ((JsonObject) row).getString("action")))
                .contains("transfer.resolve");
    }

    @Test
    void onlyAHeldTransferCanBeResolvedAndOnlyByAnOperatorWhoSaysWhy() {
        Shop shop = open(CASES.size() + 1, CASES.get(0));
        await("paid").atMost(Duration.ofSeconds(30)).until(() -> merchantStatus(shop, shop.refund())
                .equals("succeeded"));
        String path = "/api/admin/transfers/" + shop.refund() + "/resolve";

        Http.Response settled =
                http.post(path, ADMIN, new JsonObject().put("outcome", "failed").put("note", "x"));
        assertThat(settled.status()).isEqualTo(409);
        assertThat(settled.errorCode()).isEqualTo("not_in_review");
        assertThat(http.post(
                                path,
                                ADMIN,
                                new JsonObject().put("outcome", "refund").put("note", "x"))
                        .status())
                .isEqualTo(400);
        assertThat(http.post(path, ADMIN, new JsonObject().put("outcome", "failed"))
                        .status())
                .isEqualTo(400);
        assertThat(http.post(
                                path,
                                shop.token(),
                                new JsonObject().put("outcome", "failed").put("note", "x"))
                        .status())
                .isEqualTo(401);
        assertThat(http.post(
                                "/api/admin/transfers/00000000-0000-0000-0000-000000000000/resolve",
                                ADMIN,
                                new JsonObject().put("outcome", "failed").put("note", "x"))
                        .status())
                .isEqualTo(404);
        assertThat(http.get("/api/admin/transfers?needs_review=maybe", ADMIN).status())
                .isEqualTo(400);
        assertThat(operatorView(shop.refund()).getString("status")).isEqualTo("succeeded");
        assertBooksBalance(shop);
    }

    // ---- helpers ----------------------------------------------------------------------------------------------

    static String refundReceiver(int i) {
        return String.format("50938%06d", i);
    }

    static String payoutReceiver(int i) {
        return String.format("50939%06d", i);
    }

    /** A shop for case {@code i}: its payment paid by the case's payer, then a refund and a payout asked for. */
    static Shop open(int i, Case kase) {
        JsonObject merchant = service.createMerchant(new JsonObject()
                .put("name", "Boutik " + i)
                .put("fee_percent", "1.50")
                .put("fee_fixed", "5.00"));
        String token = service.tokenFor(merchant);
        fake.scriptTransfersTo(refundReceiver(i), kase.script());
        fake.scriptTransfersTo(payoutReceiver(i), kase.script());
        JsonObject payment = LivePayments.paidAtProvider(http, fake, token, 1000, refundReceiver(i));
        Http.Response phone = http.patch(
                "/api/merchant/settings",
                token,
                new JsonObject()
                        .put("payout_phone", payoutReceiver(i))
                        .put("secret_key", merchant.getString("secret_key")));
        assertThat(phone.status()).as(phone.body()).isEqualTo(200);
        Http.Response refund = http.post(
                "/api/merchant/payments/" + payment.getString("id") + "/refunds",
                token,
                new JsonObject().put("amount", 300.25));
        assertThat(refund.status()).as(refund.body()).isEqualTo(201);
        Http.Response payout = http.post("/api/merchant/payouts", token, new JsonObject().put("amount", 200.10));
        assertThat(payout.status()).as(payout.body()).isEqualTo(201);
        return new Shop(
                kase, token, refund.data().getString("id"), payout.data().getString("id"));
    }

    static JsonObject operatorView(String id) {
        Http.Response seen = http.get("/api/admin/transfers/" + id, ADMIN);
        assertThat(seen.status()).as(seen.body()).isEqualTo(200);
        return seen.data();
    }

    static String merchantStatus(Shop shop, String id) {
        String path = id.equals(shop.payout())
                ? "/api/merchant/payouts/" + id
                : "/api/admin/transfers/" + id; // a refund is read through its payment's list below
        if (id.equals(shop.payout())) {
            return http.get(path, shop.token()).data().getString("status");
        }
        String payment = operatorView(id).getString("payment_id");
        return http.get("/api/merchant/payments/" + payment + "/refunds", shop.token()).dataArray().stream()
                .map(row -> (JsonObject) row)
                .filter(row -> row.getString("id").equals(id))
                .findFirst()
                .orElseThrow()
                .getString("status");
    }

    static JsonObject resolve(String id, String outcome, String note) {
        Http.Response resolved = http.post(
                "/api/admin/transfers/" + id + "/resolve",
                ADMIN,
                new JsonObject().put("outcome", outcome).put("note", note));
        assertThat(resolved.status()).as(resolved.body()).isEqualTo(200);
        return resolved.data();
    }

    /**
     * The merchant's available balance is its completed payments' net less its refunds and payouts that have not
     * failed, to the centime; the ledger's entries add up to it; pending_out is what is still pending.
     */
    static void assertBooksBalance(Shop shop) {
        JsonObject balance = http.get("/api/merchant/balance", shop.token()).data();
        String merchant = operatorView(shop.refund()).getString("merchant_id");
        BigDecimal net = service.sql(
                        "SELECT coalesce(sum(net_amount), 0) FROM payments WHERE merchant_id = $1::uuid"
                                + " AND status = 'completed'",
                        merchant)
                .iterator()
                .next()
                .getBigDecimal(0);
        BigDecimal out = BigDecimal.ZERO;
        BigDecimal pending = BigDecimal.ZERO;
        for (String id : List.of(shop.refund(), shop.payout())) {
            JsonObject seen = operatorView(id);
            BigDecimal amount = new BigDecimal(seen.getString("amount"));
            if (!seen.getString("status").equals("failed")) {
                out = out.add(amount);
            }
            if (seen.getString("status").equals("pending")) {
                pending = pending.add(amount);
            }
        }
        assertThat(new BigDecimal(balance.getString("available")))
                .as(shop.kase().name() + ": available")
                .isEqualByComparingTo(net.subtract(out));
        assertThat(new BigDecimal(balance.getString("pending_out"))).isEqualByComparingTo(pending);
        assertThat(service.sql(
                                "SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE merchant_id = $1::uuid",
                                merchant)
                        .iterator()
                        .next()
                        .getBigDecimal(0))
                .isEqualByComparingTo(net.subtract(out));
    }
}
