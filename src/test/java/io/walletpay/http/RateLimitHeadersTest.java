package io.walletpay.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.RawHttp;
import io.walletpay.support.RunningService;
import io.walletpay.support.TestConfig;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Answers before a merchant is known (the token endpoint, the admin routes, a refused bearer token) state the login
 * limit they meet: failed logins per window from the caller's address, for the account the request names when that
 * is tighter. The window is an hour, so nothing refills while a test counts. Each test speaks from its own loopback
 * address.
 */
@BehaviourTest
class RateLimitHeadersTest {

    static final int PER_ADDRESS = 5;
    static final int PER_ACCOUNT = 3;

    static RunningService service;

    @BeforeAll
    static void start() {
        service = RunningService.start(Map.of(
                "WALLETPAY_LOGINS_FAILURES_PER_ADDRESS", Integer.toString(PER_ADDRESS),
                "WALLETPAY_LOGINS_FAILURES_PER_ACCOUNT", Integer.toString(PER_ACCOUNT),
                "WALLETPAY_LOGINS_WINDOW_SECONDS", "3600"));
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void aTokenAnswerStatesTheLoginLimitOfTheMerchantItNamesAndAFailureCountsInItsOwnAnswer() {
        JsonObject merchant = service.createMerchant("Counted");
        RawHttp client = from("127.0.0.51");

        RawHttp.Answer issued = token(client, merchant, merchant.getString("secret_key"));
        assertThat(issued.status()).isEqualTo(200);
        assertLimit(issued, PER_ACCOUNT, 3, 0);

        RawHttp.Answer wrong = token(client, merchant, "sk_wrong");
        assertThat(wrong.status()).isEqualTo(401);
        assertThat(wrong.json().getJsonObject("error").getString("code")).isEqualTo("invalid_credentials");
        assertThat(wrong.header("RateLimit-Limit")).isEqualTo("3");
        assertThat(wrong.header("RateLimit-Remaining")).isEqualTo("2");
        assertThat(Long.parseLong(wrong.header("RateLimit-Reset"))).isBetween(1L, 3600L);

        RawHttp.Answer unreadable =
                client.send("POST", "/api/merchant/token", Map.of("Content-Type", "application/json"), "{");
        assertThat(unreadable.status()).isEqualTo(400);
        assertThat(unreadable.header("RateLimit-Limit"))
                .as("no account named: the address's limit, which the failure above took one from")
                .isEqualTo(Integer.toString(PER_ADDRESS));
        assertThat(unreadable.header("RateLimit-Remaining")).isEqualTo("4");
    }

    @Test
    void adminAnswersStateTheAdminLoginLimitAndA429KeepsRetryAfter() {
        RawHttp client = from("127.0.0.52");
        RawHttp.Answer listed = admin(client, TestConfig.ADMIN_TOKEN);
        assertThat(listed.status()).isEqualTo(200);
        assertLimit(listed, PER_ACCOUNT, 3, 0);

        for (int left = 2; left >= 0; left--) {
            RawHttp.Answer refused = admin(client, "wrong-admin-token");
            assertThat(refused.status()).isEqualTo(401);
            assertThat(refused.header("RateLimit-Remaining")).isEqualTo(Integer.toString(left));
        }
        RawHttp.Answer throttled = admin(client, TestConfig.ADMIN_TOKEN);
        assertThat(throttled.status()).isEqualTo(429);
        assertThat(throttled.header("Retry-After")).matches("[1-9]\\d*");
        assertThat(throttled.header("RateLimit-Limit")).isEqualTo("3");
        assertThat(throttled.header("RateLimit-Remaining")).isEqualTo("0");
        assertThat(Long.parseLong(throttled.header("RateLimit-Reset"))).isBetween(1L, 3600L);
    }

    @Test
    void errorAnswersBeforeAMerchantIsKnownStateTheAddressLimit() {
        RawHttp client = from("127.0.0.53");
        RawHttp.Answer noToken = client.send("GET", "/api/merchant/payments", Map.of(), null);
        assertThat(noToken.status()).isEqualTo(401);
        assertLimit(noToken, PER_ADDRESS, PER_ADDRESS, 0);

        RawHttp.Answer badToken =
                client.send("GET", "/api/merchant/payments", Map.of("Authorization", "Bearer not.a.token"), null);
        assertThat(badToken.status()).isEqualTo(401);
        assertLimit(badToken, PER_ADDRESS, PER_ADDRESS, 0);

        RawHttp.Answer unknownRoute = client.send("GET", "/api/nowhere", Map.of(), null);
        assertThat(unknownRoute.status()).isEqualTo(404);
        assertLimit(unknownRoute, PER_ADDRESS, PER_ADDRESS, 0);
    }

    private static void assertLimit(RawHttp.Answer answer, int limit, int remaining, int reset) {
        assertThat(answer.header("RateLimit-Limit")).isEqualTo(Integer.toString(limit));
        assertThat(answer.header("RateLimit-Remaining")).isEqualTo(Integer.toString(remaining));
        assertThat(answer.header("RateLimit-Reset")).isEqualTo(Integer.toString(reset));
    }

    private static RawHttp from(String address) {
        return new RawHttp(service.config.http().port(), address);
    }

    private static RawHttp.Answer token(RawHttp client, JsonObject merchant, String secret) {
        return client.send(
                "POST",
                "/api/merchant/token",
                Map.of("Content-Type", "application/json"),
                new JsonObject()
                        .put("merchant_id", merchant.getString("merchant_id"))
                        .put("secret_key", secret)
                        .encode());
    }

    private static RawHttp.Answer admin(RawHttp client, String adminToken) {
        return client.send("GET", "/api/admin/merchants", Map.of("Authorization", "Bearer " + adminToken), null);
    }
}
