package io.walletpay.money;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.walletpay.checkout.FakeWalletProvider;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.LivePayments;
import io.walletpay.support.RunningService;
import io.walletpay.support.TestConfig;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The books in live mode against the fake MonCash: what its business account holds (its PrefundedBalance) against
 * the opening balance plus completed payments' amounts less the transfers it paid. They balance to the centime
 * after payments, a paid refund and a refused one; money taken out of the account behind the service's back shows
 * as that exact drift, in the kept run and in the metric.
 */
@BehaviourTest
class BooksReconciliationTest {

    static Vertx providerVertx;
    static FakeWalletProvider fake;
    static RunningService service;
    static Http http;
    static String shop;
    static BigDecimal opening;

    @BeforeAll
    static void start() {
        providerVertx = Vertx.vertx();
        fake = RunningService.await(new FakeWalletProvider().start(providerVertx));
        opening = fake.prefundedBalance();
        service = RunningService.startLive(
                fake.liveModeEnvironment(), Map.of("WALLETPAY_MONEY_OPENING_BALANCE", opening.toPlainString()));
        http = service.http;
        // fees, so that a ledger summing net amounts instead of what customers paid would not balance
        shop = service.tokenFor(service.createMerchant(new JsonObject()
                .put("name", "Boutik Kont")
                .put("fee_percent", "2.50")
                .put("fee_fixed", "5.00")));
    }

    @AfterAll
    static void stop() {
        service.close();
        RunningService.await(fake.close());
        RunningService.await(providerVertx.close());
    }

    @Test
    void theBooksBalanceAfterPaymentsAndRefundsAndShowTheExactDriftOfMoneyTakenBehindTheServicesBack() {
        JsonObject first = paidAtProvider(500, "50938111111");
        JsonObject second = paidAtProvider(300, "50938222222");
        JsonObject refunded = refund(first, 120);
        await("the refund paid").atMost(Duration.ofSeconds(30)).until(() -> status(refunded)
                .equals("succeeded"));
        fake.refuseTransfers(true);
        try {
            JsonObject refused = refund(second, 100);
            await("the refused refund failed").atMost(Duration.ofSeconds(30)).until(() -> status(refused)
                    .equals("failed"));
        } finally {
            fake.refuseTransfers(false);
        }

        JsonObject balanced = reconcile();

        BigDecimal expected = opening.add(new BigDecimal("680.00"));
        assertThat(balanced.getString("trigger")).isEqualTo("operator");
        assertThat(balanced.getString("opening_balance"))
                .isEqualTo(opening.setScale(2).toPlainString());
        assertThat(balanced.getString("completed_payments")).isEqualTo("800.00");
        assertThat(balanced.getString("succeeded_transfers")).isEqualTo("120.00");
        assertThat(balanced.getString("expected")).isEqualTo(expected.toPlainString());
        assertThat(balanced.getString("reported")).isEqualTo(expected.toPlainString());
        assertThat(balanced.getString("drift")).isEqualTo("0.00");
        assertThat(balanced.getJsonObject("in_flight")).isEqualTo(nothingPending());
        assertThat(balanced.getJsonObject("in_review")).isEqualTo(nothingPending());
        assertThat(balanced.getValue("error")).isNull();
        assertThat(drift()).isZero();

        fake.addToPrefundedBalance(new BigDecimal("-37.45")); // money leaves the account without walletpay

        JsonObject drifted = reconcile();

        assertThat(drifted.getString("expected")).isEqualTo(expected.toPlainString());
        assertThat(drifted.getString("reported"))
                .isEqualTo(expected.subtract(new BigDecimal("37.45")).toPlainString());
        assertThat(drifted.getString("drift")).isEqualTo("-37.45");
        assertThat(drift()).isEqualTo(-37.45);

        // both kept, newest first (a scheduled run may sit among them: the list is in time order whatever ran)
        JsonArray listed = http.get("/api/admin/reconciliation?limit=100", TestConfig.ADMIN_TOKEN)
                .dataArray();
        List<String> ids = new ArrayList<>();
        List<OffsetDateTime> times = new ArrayList<>();
        for (int i = 0; i < listed.size(); i++) {
            ids.add(listed.getJsonObject(i).getString("id"));
            times.add(OffsetDateTime.parse(listed.getJsonObject(i).getString("ran_at")));
        }
        assertThat(ids).containsSubsequence(drifted.getString("id"), balanced.getString("id"));
        assertThat(times).isSortedAccordingTo(java.util.Comparator.reverseOrder());
        assertThat(listed.getJsonObject(ids.indexOf(drifted.getString("id")))).isEqualTo(drifted);
    }

    @Test
    void runsArePagedNewestFirst() {
        JsonObject older = reconcile();
        JsonObject newer = reconcile();

        Http.Response first = http.get("/api/admin/reconciliation?limit=1", TestConfig.ADMIN_TOKEN);
        assertThat(first.status()).isEqualTo(200);
        assertThat(first.json().getBoolean("has_more")).isTrue();
        assertThat(first.dataArray().getJsonObject(0).getString("id")).isEqualTo(newer.getString("id"));

        Http.Response next = http.get(
                "/api/admin/reconciliation?limit=1&starting_after=" + newer.getString("id"), TestConfig.ADMIN_TOKEN);
        assertThat(next.dataArray().getJsonObject(0).getString("id")).isEqualTo(older.getString("id"));
    }

    @Test
    void onlyTheAdminTokenChecksOrListsTheBooks() {
        long kept = keptRuns();

        for (String token : new String[] {null, shop, TestConfig.ADMIN_TOKEN + "x"}) {
            Http.Response run = http.post("/api/admin/reconciliation", token, null);
            assertThat(run.status()).isEqualTo(401);
            assertThat(run.errorCode()).isEqualTo("unauthorized");
            assertThat(http.get("/api/admin/reconciliation", token).status()).isEqualTo(401);
        }
        assertThat(keptRuns()).isEqualTo(kept);
    }

    @Test
    void aBadPageQueryIsRefusedNamingIt() {
        Http.Response noSize = http.get("/api/admin/reconciliation?limit=0", TestConfig.ADMIN_TOKEN);
        assertThat(noSize.status()).isEqualTo(400);
        assertThat(noSize.errorCode()).isEqualTo("invalid_limit");

        Http.Response notAnId = http.get("/api/admin/reconciliation?starting_after=yesterday", TestConfig.ADMIN_TOKEN);
        assertThat(notAnId.status()).isEqualTo(400);
        assertThat(notAnId.errorCode()).isEqualTo("invalid_starting_after");

        Http.Response noSuchRun =
                http.get("/api/admin/reconciliation?starting_after=" + UUID.randomUUID(), TestConfig.ADMIN_TOKEN);
        assertThat(noSuchRun.status()).isEqualTo(400);
        assertThat(noSuchRun.errorCode()).isEqualTo("invalid_starting_after");
    }

    /** The sandbox reports no balance: the run says what the ledger expects, and neither a drift nor an error. */
    @Test
    void inSandboxModeTheRunHasNoReportedBalanceNoDriftAndNoError() {
        try (RunningService sandbox = RunningService.start(Map.of("WALLETPAY_MONEY_OPENING_BALANCE", "10.00"))) {
            String token = sandbox.tokenFor(sandbox.createMerchant("Boutik Sandbox"));
            JsonObject payment = sandbox.createPayment(token, new JsonObject().put("amount", 250));
            sandbox.transition(payment.getString("id"), PaymentStatus.COMPLETED);

            Http.Response answer = sandbox.http.post("/api/admin/reconciliation", TestConfig.ADMIN_TOKEN, null);

            assertThat(answer.status()).as(answer.body()).isEqualTo(201);
            JsonObject run = answer.data();
            assertThat(run.getString("expected")).isEqualTo("260.00");
            assertThat(run.getValue("reported")).isNull();
            assertThat(run.getValue("drift")).isNull();
            assertThat(run.getValue("error")).isNull();
            assertThat(metricDrift(sandbox.http)).isNaN();
        }
    }

    // ---- helpers ----------------------------------------------------------------------------------------------

    static JsonObject reconcile() {
        Http.Response answer = http.post("/api/admin/reconciliation", TestConfig.ADMIN_TOKEN, null);
        assertThat(answer.status()).as(answer.body()).isEqualTo(201);
        return answer.data();
    }

    static JsonObject nothingPending() {
        return new JsonObject().put("count", 0).put("amount", "0.00");
    }

    static double drift() {
        return metricDrift(http);
    }

    static double metricDrift(Http client) {
        String line = client.get("/metrics", null)
                .body()
                .lines()
                .filter(metric -> metric.startsWith("walletpay_books_drift_htg"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no walletpay_books_drift_htg in /metrics"));
        return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
    }

    static long keptRuns() {
        return service.sql("SELECT count(*) FROM reconciliation_runs")
                .iterator()
                .next()
                .getLong(0);
    }

    static JsonObject paidAtProvider(int amount, String payer) {
        return LivePayments.paidAtProvider(http, fake, shop, amount, payer);
    }

    static JsonObject refund(JsonObject payment, int amount) {
        Http.Response created = http.post(
                "/api/merchant/payments/" + payment.getString("id") + "/refunds",
                shop,
                new JsonObject().put("amount", amount));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.data();
    }

    static String status(JsonObject refund) {
        return service.sql("SELECT status FROM transfers WHERE id = $1::uuid", refund.getString("id"))
                .iterator()
                .next()
                .getString(0);
    }
}
