package io.walletpay.merchant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.RawHttp;
import io.walletpay.support.RunningService;
import io.walletpay.support.TestConfig;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Guessing at secrets is slowed: failed token and admin logins are limited per source address and
 * per merchant id, answered 429 with Retry-After before the secret is even checked, and the limit refills over
 * {@code logins.window_seconds}. Each test speaks from its own loopback address (127.0.0.x), so they do not share
 * an address bucket.
 */
@BehaviourTest
class LoginGuessingLimitTest {

    static final int PER_ADDRESS = 5;
    static final int PER_ACCOUNT = 3;

    static RunningService service;

    @BeforeAll
    static void start() {
        service = RunningService.start(Map.of(
                "WALLETPAY_LOGINS_FAILURES_PER_ADDRESS", Integer.toString(PER_ADDRESS),
                "WALLETPAY_LOGINS_FAILURES_PER_ACCOUNT", Integer.toString(PER_ACCOUNT),
                "WALLETPAY_LOGINS_WINDOW_SECONDS", "3"));
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void wrongSecretsForOneMerchantLockItsLoginFromEveryAddressUntilTheWindowRefills() {
        JsonObject target = service.createMerchant("Target");
        JsonObject bystander = service.createMerchant("Bystander");
        RawHttp guesser = from("127.0.0.11");
        for (int i = 0; i < PER_ACCOUNT; i++) {
            assertThat(token(guesser, target, "sk_wrong_" + i).status()).isEqualTo(401);
        }

        RawHttp.Answer refused = token(guesser, target, target.getString("secret_key"));
        assertThat(refused.status()).isEqualTo(429);
        assertThat(refused.json().getJsonObject("error").getString("code")).isEqualTo("rate_limited");
        assertThat(Long.parseLong(refused.header("Retry-After"))).isBetween(1L, 3L);
        RawHttp owner = from("127.0.0.12");
        assertThat(token(owner, target, target.getString("secret_key")).status())
                .as("the limit is per merchant id, whatever the address")
                .isEqualTo(429);
        assertThat(token(owner, bystander, bystander.getString("secret_key")).status())
                .as("another merchant is not locked")
                .isEqualTo(200);

        await().atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(250))
                .until(() ->
                        token(owner, target, target.getString("secret_key")).status() == 200);
    }

    @Test
    void oneAddressGuessingAtManyMerchantIdsIsLockedOutWhileOtherAddressesAreNot() {
        JsonObject merchant = service.createMerchant("Busy shop");
        RawHttp scanner = from("127.0.0.21");
        for (int i = 0; i < PER_ADDRESS; i++) {
            JsonObject madeUp =
                    new JsonObject().put("merchant_id", UUID.randomUUID().toString());
            assertThat(token(scanner, madeUp, "sk_guess").status()).isEqualTo(401);
        }

        assertThat(token(scanner, merchant, merchant.getString("secret_key")).status())
                .as("the address is locked, even with a right secret")
                .isEqualTo(429);
        assertThat(token(from("127.0.0.22"), merchant, merchant.getString("secret_key"))
                        .status())
                .isEqualTo(200);
    }

    @Test
    void aMalformedMerchantIdCountsAsAFailureToo() {
        RawHttp scanner = from("127.0.0.31");
        for (int i = 0; i < PER_ADDRESS; i++) {
            JsonObject madeUp = new JsonObject().put("merchant_id", "not-a-uuid-" + i);
            assertThat(token(scanner, madeUp, "sk_guess").status()).isEqualTo(401);
        }
        JsonObject madeUp = new JsonObject().put("merchant_id", "not-a-uuid-last");
        assertThat(token(scanner, madeUp, "sk_guess").status()).isEqualTo(429);
    }

    @Test
    void wrongAdminTokensLockTheAdminApiUntilTheWindowRefills() {
        RawHttp guesser = from("127.0.0.41");
        for (int i = 0; i < PER_ACCOUNT; i++) {
            assertThat(admin(guesser, "wrong-admin-token-" + i).status()).isEqualTo(401);
        }

        RawHttp.Answer refused = admin(from("127.0.0.42"), TestConfig.ADMIN_TOKEN);
        assertThat(refused.status()).isEqualTo(429);
        assertThat(refused.header("Retry-After")).isNotNull();
        assertThat(refused.json().getJsonObject("error").getString("code")).isEqualTo("rate_limited");

        await().atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> admin(from("127.0.0.42"), TestConfig.ADMIN_TOKEN).status() == 200);
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
