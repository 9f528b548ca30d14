package io.walletpay.checkout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.LivePayments;
import io.walletpay.support.RunningService;
import io.walletpay.support.WebhookReceiver;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Test mode on a deployment whose provider is live (the fake MonCash, which records every call): a test key's
 * payments are paid in the service's own sandbox, MonCash never hears of them, their webhooks and answers say
 * {@code livemode: false}, and no live list or balance shows them; a live token meanwhile still goes to MonCash.
 */
@BehaviourTest
class TestModeTest {

    static Vertx providerVertx;
    static FakeWalletProvider fake;
    static RunningService service;
    static Http http;
    static WebhookReceiver receiver;
    static JsonObject merchant;
    static String live;
    static String test;

    @BeforeAll
    static void start() {
        providerVertx = Vertx.vertx();
        fake = RunningService.await(new FakeWalletProvider().start(providerVertx));
        service = RunningService.startLive(fake.liveModeEnvironment(), Map.of());
        http = service.http;
        receiver = new WebhookReceiver();
        merchant = service.createMerchant(new JsonObject()
                .put("name", "Boutik Tès")
                .put("fee_percent", "0.00")
                .put("fee_fixed", "0.00")
                .put("webhook_url", receiver.url("/live")));
        live = service.tokenFor(merchant);
        assertThat(merchant.getString("test_secret_key")).startsWith("sk_test_");
        Http.Response token = http.post(
                "/api/merchant/token/",
                null,
                new JsonObject()
                        .put("merchant_id", merchant.getString("merchant_id"))
                        .put("secret_key", merchant.getString("test_secret_key")));
        assertThat(token.status()).as(token.body()).isEqualTo(200);
        assertThat(token.data().getBoolean("livemode")).isFalse();
        assertThat(token.data().getJsonObject("merchant").getString("id")).isEqualTo(merchant.getString("merchant_id"));
        test = token.data().getString("token");
        // test mode's settings are its own: its webhooks go to another endpoint
        Http.Response settings =
                http.patch("/api/merchant/settings", test, new JsonObject().put("webhook_url", receiver.url("/test")));
        assertThat(settings.status()).as(settings.body()).isEqualTo(200);
        assertThat(settings.data().getBoolean("livemode")).isFalse();
        assertThat(settings.data().getString("merchant_id")).isEqualTo(merchant.getString("merchant_id"));
    }

    @AfterAll
    static void stop() {
        receiver.close();
        service.close();
        RunningService.await(fake.close());
        RunningService.await(providerVertx.close());
    }

    @Test
    void aTestPaymentIsPaidInTheSandboxNeverAtMonCashAndStaysOutOfLiveMode() {
        int monCashCallsBefore = fake.requests().size();

        JsonObject payment =
                service.createPayment(test, new JsonObject().put("amount", 750).put("reference_id", "tès-1"));

        assertThat(payment.getBoolean("livemode")).isFalse();
        assertThat(payment.getString("redirect_url")).startsWith(service.config.publicBaseUrl() + "/checkout/");
        assertThat(http.get(
                                payment.getString("redirect_url")
                                        .substring(
                                                service.config.publicBaseUrl().length()),
                                null)
                        .status())
                .isEqualTo(200);

        Http.Response paid = http.post(
                "/api/merchant/test/payments/" + payment.getString("id") + "/pay",
                test,
                new JsonObject().put("phone", "3712 3456"));
        assertThat(paid.status()).as(paid.body()).isEqualTo(200);
        assertThat(paid.data().getString("status")).isEqualTo("completed");
        assertThat(paid.data().getBoolean("livemode")).isFalse();

        await("the test payment's webhook, at test mode's endpoint")
                .atMost(Duration.ofSeconds(30))
                .until(() -> hooks("/test").stream()
                        .anyMatch(hook -> hook.getJsonObject("data")
                                        .getString("transaction_id", "")
                                        .equals(payment.getString("id"))
                                && !hook.getJsonObject("data").getBoolean("livemode")));

        assertThat(ids(http.get("/api/merchant/payments", test).dataArray())).contains(payment.getString("id"));
        assertThat(ids(http.get("/api/merchant/payments", live).dataArray())).doesNotContain(payment.getString("id"));
        assertThat(http.get("/api/merchant/payments/" + payment.getString("id"), live)
                        .status())
                .isEqualTo(404);
        assertThat(new BigDecimal(available(test))).isEqualByComparingTo("750.00");
        assertThat(new BigDecimal(available(live))).isEqualByComparingTo("0.00");
        assertThat(http.get("/api/merchant/balance", test).data().getBoolean("livemode"))
                .isFalse();

        Http.Response refund = http.post(
                "/api/merchant/payments/" + payment.getString("id") + "/refunds",
                test,
                new JsonObject().put("amount", 200));
        assertThat(refund.status()).as(refund.body()).isEqualTo(201);
        assertThat(refund.data().getBoolean("livemode")).isFalse();
        String refundId = refund.data().getString("id");
        await("the test refund paid in the sandbox")
                .atMost(Duration.ofSeconds(30))
                .until(() -> http.get("/api/merchant/payments/" + payment.getString("id") + "/refunds", test)
                        .dataArray()
                        .getJsonObject(0)
                        .getString("status")
                        .equals("succeeded"));
        assertThat(fake.transfers()).noneMatch(made -> made.reference().equals(refundId));
        assertThat(fake.requests("/api/v1/Transfert"))
                .noneMatch(request -> request.body().contains(refundId));
        assertThat(new BigDecimal(available(test))).isEqualByComparingTo("550.00");

        // not one call reached MonCash for any of it, and the live webhook endpoint heard nothing
        assertThat(fake.requests().subList(monCashCallsBefore, fake.requests().size()))
                .noneMatch(request -> request.body() != null && request.body().contains(payment.getString("id")));
        assertThat(fake.createRequests()).noneMatch(request -> request.body().contains(payment.getString("id")));
        assertThat(hooks("/live")).noneMatch(hook -> hook.encode().contains(payment.getString("id")));
    }

    @Test
    void theSandboxsDecliningNumberFailsATestPaymentAndExpireExpiresOne() {
        JsonObject declined = service.createPayment(test, new JsonObject().put("amount", 100));
        JsonObject expiring = service.createPayment(test, new JsonObject().put("amount", 100));

        Http.Response failed = http.post(
                "/api/merchant/test/payments/" + declined.getString("id") + "/pay",
                test,
                new JsonObject().put("phone", "0000 0002"));
        Http.Response expired =
                http.post("/api/merchant/test/payments/" + expiring.getString("id") + "/expire", test, null);

        assertThat(failed.status()).as(failed.body()).isEqualTo(200);
        assertThat(failed.data().getString("status")).isEqualTo("failed");
        assertThat(expired.status()).as(expired.body()).isEqualTo(200);
        assertThat(expired.data().getString("status")).isEqualTo("expired");
        Http.Response again =
                http.post("/api/merchant/test/payments/" + expiring.getString("id") + "/expire", test, null);
        assertThat(again.status()).isEqualTo(409);
        assertThat(again.errorCode()).isEqualTo("invalid_state");
    }

    @Test
    void aLiveTokenGets404FromTheTestHelpersAndItsPaymentStillGoesToMonCash() {
        JsonObject payment = LivePayments.paidAtProvider(http, fake, live, 300, "50937111111");

        assertThat(payment.getBoolean("livemode")).isTrue();
        assertThat(payment.getString("redirect_url")).startsWith(fake.gatewayBaseUrl());
        assertThat(fake.createRequests()).anyMatch(request -> request.body().contains(payment.getString("id")));
        for (String helper : List.of("pay", "expire")) {
            Http.Response refused = http.post(
                    "/api/merchant/test/payments/" + payment.getString("id") + "/" + helper,
                    live,
                    new JsonObject().put("phone", "3712 3456"));
            assertThat(refused.status()).as(helper).isEqualTo(404);
            assertThat(refused.errorCode()).as(helper).isEqualTo("test_mode_only");
        }
        assertThat(http.get("/api/merchant/payments/" + payment.getString("id"), live)
                        .data()
                        .getBoolean("livemode"))
                .isTrue();
        assertThat(ids(http.get("/api/merchant/payments", test).dataArray())).doesNotContain(payment.getString("id"));
        await("the live payment's webhook").atMost(Duration.ofSeconds(30)).until(() -> hooks("/live").stream()
                .anyMatch(hook -> hook.getJsonObject("data")
                                .getString("transaction_id", "")
                                .equals(payment.getString("id"))
                        && hook.getJsonObject("data").getBoolean("livemode")));
    }

    @Test
    void theOperatorListsTheMerchantOnceAndCanRotateItsTestKey() {
        JsonArray merchants = http.get("/api/admin/merchants?limit=100", io.walletpay.support.TestConfig.ADMIN_TOKEN)
                .dataArray();
        assertThat(merchants.stream()
                        .map(m -> ((JsonObject) m).getString("name"))
                        .filter("Boutik Tès"::equals))
                .hasSize(1);
        JsonObject other = service.createMerchant("Lòt Boutik");

        Http.Response rotated = http.post(
                "/api/admin/merchants/" + other.getString("merchant_id") + "/test-secret-key/rotate",
                io.walletpay.support.TestConfig.ADMIN_TOKEN,
                null);

        assertThat(rotated.status()).as(rotated.body()).isEqualTo(200);
        String newKey = rotated.data().getString("test_secret_key");
        assertThat(newKey).startsWith("sk_test_");
        assertThat(tokenStatus(other, other.getString("test_secret_key"))).isEqualTo(401);
        assertThat(tokenStatus(other, newKey)).isEqualTo(200);
        assertThat(tokenStatus(other, other.getString("secret_key"))).isEqualTo(200);
    }

    @Test
    void thePortalsSwitchShowsTestModeBehindABannerAndBack() throws Exception {
        JsonObject shown =
                service.createPayment(test, new JsonObject().put("amount", 125).put("reference_id", "pòtay-tès"));
        io.walletpay.support.PortalClient browser = new io.walletpay.support.PortalClient(
                "http://localhost:" + service.config.http().port());
        browser.logIn(merchant);

        java.net.http.HttpResponse<String> liveOverview = browser.get("/portal/?lang=ht");
        assertThat(liveOverview.body()).doesNotContain("id=\"testmode-banner\"").contains("id=\"mode-switch\"");
        assertThat(browser.get("/portal/payments").body()).doesNotContain("pòtay-tès");

        java.net.http.HttpResponse<String> testOverview =
                browser.follow(browser.submit(browser.get("/portal/"), "/portal/mode", Map.of("livemode", "false")));
        assertThat(testOverview.body()).contains("id=\"testmode-banner\"").contains("MÒD TÈS");
        java.net.http.HttpResponse<String> testPayments = browser.get("/portal/payments");
        assertThat(testPayments.body()).contains("pòtay-tès").contains("id=\"testmode-banner\"");

        java.net.http.HttpResponse<String> back =
                browser.follow(browser.submit(testPayments, "/portal/mode", Map.of("livemode", "true")));
        assertThat(back.body()).doesNotContain("id=\"testmode-banner\"");
        assertThat(browser.get("/portal/payments").body()).doesNotContain(shown.getString("reference_id"));
        // the portal signs in people: neither the test key nor the live key opens it
        io.walletpay.support.PortalClient withKey = new io.walletpay.support.PortalClient(
                "http://localhost:" + service.config.http().port());
        for (String key : List.of(merchant.getString("test_secret_key"), merchant.getString("secret_key"))) {
            java.net.http.HttpResponse<String> login = withKey.get("/portal/login?lang=en");
            assertThat(withKey.post(
                                    "/portal/login",
                                    Map.of(
                                            io.walletpay.support.PortalClient.CSRF_FIELD,
                                            withKey.csrfFrom(login),
                                            "merchant_id",
                                            merchant.getString("merchant_id"),
                                            "email",
                                            merchant.getString("merchant_id"),
                                            "secret_key",
                                            key,
                                            "password",
                                            key))
                            .statusCode())
                    .isEqualTo(401);
            assertThat(withKey.get("/portal/").statusCode()).isEqualTo(303);
        }
        // a form without its CSRF token switches nothing
        assertThat(browser.post("/portal/mode", Map.of("livemode", "false")).statusCode())
                .isEqualTo(403);
        assertThat(browser.get("/portal/").body()).doesNotContain("id=\"testmode-banner\"");
    }

    private static int tokenStatus(JsonObject merchant, String key) {
        return http.post(
                        "/api/merchant/token/",
                        null,
                        new JsonObject()
                                .put("merchant_id", merchant.getString("merchant_id"))
                                .put("secret_key", key))
                .status();
    }

    private static List<JsonObject> hooks(String path) {
        return receiver.received(path).stream()
                .map(hook -> new JsonObject(new String(hook.body(), StandardCharsets.UTF_8)))
                .toList();
    }

    private static String available(String token) {
        return http.get("/api/merchant/balance", token).data().getString("available");
    }

    private static List<String> ids(JsonArray items) {
        return items.stream().map(item -> ((JsonObject) item).getString("id")).toList();
    }
}
