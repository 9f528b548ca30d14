package io.walletpay.money;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.walletpay.checkout.FakeWalletProvider;
import io.walletpay.merchant.Actor;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.LivePayments;
import io.walletpay.support.PortalClient;
import io.walletpay.support.RunningService;
import io.walletpay.support.TestConfig;
import io.walletpay.usecase.ApproveTransfers;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Four eyes on money out, live against the fake MonCash: once the operator sets a merchant's approval threshold, a
 * refund of at least that much asked through the API answers {@code awaiting_approval}, its debit taken, and
 * MonCash hears nothing of it until another person approves it; then it is one Transfert, as any refund. A
 * rejection gives the debit back. The portal shows what waits with Approve and Reject, and refuses the asker.
 * (The portal signs in the merchant itself here; a test with two different people follows the people sign-in.)
 */
@BehaviourTest
class FourEyesTest {

    static Vertx providerVertx;
    static FakeWalletProvider fake;
    static RunningService service;
    static Http http;
    static JsonObject merchant;
    static String shop;

    @BeforeAll
    static void start() {
        providerVertx = Vertx.vertx();
        fake = RunningService.await(new FakeWalletProvider().start(providerVertx));
        service = RunningService.startLive(fake.liveModeEnvironment(), Map.of());
        http = service.http;
        merchant = service.createMerchant(new JsonObject()
                .put("name", "Boutik Kat Je")
                .put("fee_percent", "0.00")
                .put("fee_fixed", "0.00"));
        shop = service.tokenFor(merchant);
        Http.Response set = http.patch(
                "/api/admin/merchants/" + merchantId(),
                TestConfig.ADMIN_TOKEN,
                new JsonObject().put("approval_threshold", "250.00"));
        assertThat(set.status()).as(set.body()).isEqualTo(200);
        assertThat(set.data().getString("approval_threshold")).isEqualTo("250.00");
    }

    @AfterAll
    static void stop() {
        service.close();
        RunningService.await(fake.close());
        RunningService.await(providerVertx.close());
    }

    @Test
    void theThresholdFollowsIntoTestModeAndTheApiTokenCannotSwitchItOff() {
        assertThat(service.sql(
                                "SELECT approval_threshold::text FROM merchants WHERE live_merchant_id = $1::uuid",
                                merchantId())
                        .iterator()
                        .next()
                        .getString(0))
                .isEqualTo("250.00");

        Http.Response refused =
                http.patch("/api/merchant/settings", shop, new JsonObject().putNull("approval_threshold"));

        assertThat(refused.status()).isEqualTo(400);
        assertThat(http.get("/api/admin/merchants/" + merchantId(), TestConfig.ADMIN_TOKEN)
                        .data()
                        .getString("approval_threshold"))
                .isEqualTo("250.00");
        assertThat(http.patch(
                                "/api/admin/merchants/" + merchantId(),
                                TestConfig.ADMIN_TOKEN,
                                new JsonObject().put("approval_threshold", "0"))
                        .errorCode())
                .isEqualTo("invalid_approval_threshold");
    }

    @Test
    void aRefundAtTheThresholdWaitsUnsentUntilAnotherPersonApprovesItThenItIsOneTransfert() {
        JsonObject payment = LivePayments.paidAtProvider(http, fake, shop, 900, "50937121212");
        String before = available();

        JsonObject waiting = refund(payment, 250);
        JsonObject small = refund(payment, 100);

        assertThat(waiting.getString("status")).isEqualTo("awaiting_approval");
        assertThat(small.getString("status")).isEqualTo("pending");
        await("the small refund paid").atMost(Duration.ofSeconds(30)).until(() -> status(small)
                .equals("succeeded"));
        // both were due together: the worker that paid the small one left the one waiting alone
        assertThat(transfertsFor(waiting)).isZero();
        assertThat(status(waiting)).isEqualTo("awaiting_approval");
        assertThat(new java.math.BigDecimal(available()))
                .isEqualByComparingTo(new java.math.BigDecimal(before).subtract(new java.math.BigDecimal("350")));
        assertThat(service.sql(
                                "SELECT count(*) FROM webhook_deliveries WHERE event = 'refund.updated'"
                                        + " AND body LIKE '%' || $1 || '%' AND body LIKE '%\"awaiting_approval\"%'",
                                waiting.getString("id"))
                        .iterator()
                        .next()
                        .getLong(0))
                .isEqualTo(1);

        ApproveTransfers approvals = new ApproveTransfers(service.stores().transfers());
        RunningService.await(approvals.approve(
                UUID.fromString(merchantId()),
                UUID.fromString(waiting.getString("id")),
                new Actor("person:manager", "127.0.0.1")));

        await("the approved refund paid").atMost(Duration.ofSeconds(30)).until(() -> status(waiting)
                .equals("succeeded"));
        assertThat(transfertsFor(waiting)).isEqualTo(1);
        assertThat(http.get("/api/merchant/audit-log", shop).dataArray().stream()
                        .map(JsonObject.class::cast)
                        .filter(entry -> "transfer.approve".equals(entry.getString("action"))))
                .isNotEmpty();
    }

    @Test
    void thePortalShowsWhatWaitsApprovesItAndRefusesTheAsker() throws Exception {
        JsonObject payment = LivePayments.paidAtProvider(http, fake, shop, 800, "50937343434");
        JsonObject askedByApi = refund(payment, 300);
        PortalClient portal =
                new PortalClient("http://localhost:" + service.config.http().port());
        portal.logIn(merchant);

        HttpResponse<String> money = portal.get("/portal/payouts?lang=en");
        assertThat(money.body()).contains("Awaiting approval", askedByApi.getString("id"), "Approve", "Reject");
        HttpResponse<String> approved =
                portal.submit(money, "/portal/transfers/" + askedByApi.getString("id") + "/approve", Map.of());
        assertThat(approved.statusCode()).isEqualTo(303);
        assertThat(approved.headers().firstValue("Location")).hasValue("/portal/payouts?done=approved");
        await("the refund approved in the portal paid")
                .atMost(Duration.ofSeconds(30))
                .until(() -> status(askedByApi).equals("succeeded"));
        assertThat(transfertsFor(askedByApi)).isEqualTo(1);

        // a refund asked in the portal waits for someone other than the portal's signed-in person
        HttpResponse<String> page = portal.get("/portal/payments/" + payment.getString("id") + "?confirm=refund");
        HttpResponse<String> asked = portal.submit(
                page,
                "/portal/payments/" + payment.getString("id") + "/refund",
                Map.of(
                        "amount",
                        "400",
                        "reason",
                        "",
                        "form_key",
                        UUID.randomUUID().toString()));
        assertThat(asked.statusCode()).isEqualTo(303);
        assertThat(asked.headers().firstValue("Location").orElseThrow()).endsWith("?done=waiting");
        String own = service.sql(
                        "SELECT id::text FROM transfers WHERE payment_id = $1::uuid AND status = 'awaiting_approval'",
                        payment.getString("id"))
                .iterator()
                .next()
                .getString(0);
        HttpResponse<String> shown = portal.get("/portal/payments/" + payment.getString("id"));
        assertThat(shown.body()).contains("You asked for it").doesNotContain("/portal/transfers/" + own + "/approve");

        HttpResponse<String> refused = portal.submit(shown, "/portal/transfers/" + own + "/approve", Map.of());

        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(refused.body()).contains("You asked for this");
        assertThat(status(Map.of("id", own))).isEqualTo("awaiting_approval");
        assertThat(transfertsFor(new JsonObject().put("id", own))).isZero();
    }

    @Test
    void aManagersRefundWaitsForAnotherPersonAndAManagerCannotSwitchFourEyesOff() throws Exception {
        JsonObject payment = LivePayments.paidAtProvider(http, fake, shop, 900, "50937353535");
        String base = "http://localhost:" + service.config.http().port();
        PortalClient asker = new PortalClient(base);
        asker.logIn(merchant, "manager");
        PortalClient other = new PortalClient(base);
        other.logIn(merchant, "manager");

        HttpResponse<String> page =
                asker.get("/portal/payments/" + payment.getString("id") + "?confirm=refund&lang=en");
        HttpResponse<String> asked = asker.submit(
                page,
                "/portal/payments/" + payment.getString("id") + "/refund",
                Map.of(
                        "amount",
                        "500",
                        "reason",
                        "",
                        "form_key",
                        UUID.randomUUID().toString()));
        assertThat(asked.headers().firstValue("Location").orElseThrow()).endsWith("?done=waiting");
        String waiting = service.sql(
                        "SELECT id::text FROM transfers WHERE payment_id = $1::uuid AND status = 'awaiting_approval'",
                        payment.getString("id"))
                .iterator()
                .next()
                .getString(0);
        assertThat(service.sql("SELECT requested_by FROM transfers WHERE id = $1::uuid", waiting)
                        .iterator()
                        .next()
                        .getString(0))
                .isEqualTo("person:" + asker.person.email());

        // the asker, signed in as a person, cannot approve their own refund; another manager can
        HttpResponse<String> own = asker.submit(
                asker.get("/portal/payouts?lang=en"), "/portal/transfers/" + waiting + "/approve", Map.of());
        assertThat(own.statusCode()).isEqualTo(403);
        assertThat(status(Map.of("id", waiting))).isEqualTo("awaiting_approval");
        HttpResponse<String> approved = other.submit(
                other.get("/portal/payouts?lang=en"), "/portal/transfers/" + waiting + "/approve", Map.of());
        assertThat(approved.statusCode()).isEqualTo(303);
        await("the refund another manager approved paid")
                .atMost(Duration.ofSeconds(30))
                .until(() -> status(Map.of("id", waiting)).equals("succeeded"));
        assertThat(transfertsFor(new JsonObject().put("id", waiting))).isEqualTo(1);

        // the threshold is the owners': a manager's form carrying it is refused and changes nothing
        HttpResponse<String> settings = other.get("/portal/settings?lang=en");
        assertThat(settings.body()).doesNotContain("name=\"approval_threshold\"");
        HttpResponse<String> off = other.submit(settings, "/portal/settings", settingsForm(""));
        assertThat(off.statusCode()).isEqualTo(403);
        assertThat(thresholds(merchant)).containsExactly("250.00", "250.00");
    }

    @Test
    void aRejectionInThePortalFailsTheRefundAndGivesTheDebitBack() throws Exception {
        JsonObject payment = LivePayments.paidAtProvider(http, fake, shop, 600, "50937565656");
        String before = available();
        JsonObject waiting = refund(payment, 600);
        assertThat(new java.math.BigDecimal(available()))
                .isEqualByComparingTo(new java.math.BigDecimal(before).subtract(new java.math.BigDecimal("600")));
        PortalClient portal =
                new PortalClient("http://localhost:" + service.config.http().port());
        portal.logIn(merchant);
        HttpResponse<String> page = portal.get("/portal/payments/" + payment.getString("id") + "?lang=en");
        assertThat(page.body()).contains("/portal/transfers/" + waiting.getString("id") + "/reject");

        HttpResponse<String> rejected = portal.submit(
                page, "/portal/transfers/" + waiting.getString("id") + "/reject", Map.of("back", "payment"));

        assertThat(rejected.statusCode()).isEqualTo(303);
        assertThat(rejected.headers().firstValue("Location"))
                .hasValue("/portal/payments/" + payment.getString("id") + "?done=rejected");
        JsonObject shown = http.get("/api/merchant/payments/" + payment.getString("id") + "/refunds", shop)
                .dataArray()
                .getJsonObject(0);
        assertThat(shown.getString("status")).isEqualTo("failed");
        assertThat(shown.getString("failure_reason")).isEqualTo("approval_rejected");
        assertThat(available()).isEqualTo(before);
        assertThat(http.get("/api/merchant/payments/" + payment.getString("id"), shop)
                        .data()
                        .getString("amount_refunded"))
                .isEqualTo("0.00");
        HttpResponse<String> again = portal.submit(
                portal.get("/portal/payouts"), "/portal/transfers/" + waiting.getString("id") + "/approve", Map.of());
        assertThat(again.statusCode()).isEqualTo(409);
        assertThat(transfertsFor(waiting)).isZero();
    }

    @Test
    void thePortalSettingsSetTheThresholdForBothModesAndEmptySwitchesItOff() throws Exception {
        JsonObject other = service.createMerchant("Boutik Paramèt");
        PortalClient portal =
                new PortalClient("http://localhost:" + service.config.http().port());
        portal.logIn(other);
        HttpResponse<String> page = portal.get("/portal/settings?lang=fr");
        assertThat(page.body()).contains("name=\"approval_threshold\"");

        HttpResponse<String> saved = portal.submit(page, "/portal/settings", settingsForm("25 000,50"));

        assertThat(saved.statusCode()).isEqualTo(200);
        assertThat(thresholds(other)).containsExactly("25000.50", "25000.50");
        JsonObject newest = http.get("/api/merchant/audit-log", service.tokenFor(other))
                .dataArray()
                .getJsonObject(0);
        assertThat(newest.getString("action")).isEqualTo("settings.update");
        assertThat(newest.getString("what")).isEqualTo("approval_threshold");

        HttpResponse<String> refused = portal.submit(saved, "/portal/settings", settingsForm("beaucoup"));
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.body()).contains("Saisissez un montant en HTG");
        // a form without the field leaves it as it is
        HttpResponse<String> without =
                portal.submit(refused, "/portal/settings", Map.of("webhook_url", "", "return_url", "", "locale", ""));
        assertThat(without.statusCode()).isEqualTo(200);
        assertThat(thresholds(other)).containsExactly("25000.50", "25000.50");

        HttpResponse<String> off = portal.submit(without, "/portal/settings", settingsForm(""));
        assertThat(off.statusCode()).isEqualTo(200);
        assertThat(thresholds(other)).containsExactly(null, null);
    }

    static Map<String, String> settingsForm(String threshold) {
        return Map.of("webhook_url", "", "return_url", "", "locale", "", "approval_threshold", threshold);
    }

    /** The live row's threshold, then its test twin's. */
    static java.util.List<String> thresholds(JsonObject shop) {
        java.util.List<String> found = new java.util.ArrayList<>();
        service.sql(
                        "SELECT approval_threshold::text FROM merchants WHERE id = $1::uuid OR live_merchant_id = $1::uuid"
                                + " ORDER BY live_merchant_id NULLS FIRST",
                        shop.getString("merchant_id"))
                .forEach(row -> found.add(row.getString(0)));
        return found;
    }

    // ---- helpers ----------------------------------------------------------------------------------------------
    static String merchantId() {
        return merchant.getString("merchant_id");
    }

    static JsonObject refund(JsonObject payment, int amount) {
        Http.Response created = http.post(
                "/api/merchant/payments/" + payment.getString("id") + "/refunds",
                shop,
                new JsonObject().put("amount", amount));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.data();
    }

    static String status(Map<String, ?> refund) {
        return service.sql("SELECT status FROM transfers WHERE id = $1::uuid", String.valueOf(refund.get("id")))
                .iterator()
                .next()
                .getString(0);
    }

    static String status(JsonObject refund) {
        return status(refund.getMap());
    }

    static long transfertsFor(JsonObject refund) {
        return fake.transfers().stream()
                .filter(made -> made.reference().equals(refund.getString("id")))
                .count();
    }

    static String available() {
        return http.get("/api/merchant/balance", shop).data().getString("available");
    }
}
