package io.walletpay.merchant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.PortalClient;
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
 * Guessing at secrets is slowed without locking anyone else out: failed token, portal and admin logins are limited
 * per source address and per account (at the portal: per e-mail) named from that address, answered 429 with Retry-After before the secret is
 * even checked, and the limit refills over {@code logins.window_seconds}. The owner of an account, from an address
 * without failures, always gets in. Each test speaks from its own loopback addresses (127.0.0.x), so they do not
 * share an address bucket.
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
    void wrongSecretsForOneMerchantSlowTheGuessingAddressOnlyAndTheOwnerElsewhereGetsIn() {
        JsonObject target = service.createMerchant("Target");
        RawHttp guesser = from("127.0.0.11");
        for (int i = 0; i < 15; i++) {
            assertThat(token(guesser, target, "sk_wrong_" + i).status()).isIn(401, 429);
        }

        RawHttp.Answer refused = token(guesser, target, target.getString("secret_key"));
        assertThat(refused.status())
                .as("the guessing address waits, even with the right secret")
                .isEqualTo(429);
        assertThat(refused.json().getJsonObject("error").getString("code")).isEqualTo("rate_limited");
        assertThat(Long.parseLong(refused.header("Retry-After"))).isBetween(1L, 3L);
        assertThat(token(from("127.0.0.12"), target, target.getString("secret_key"))
                        .status())
                .as("the owner, from another address, is not locked out")
                .isEqualTo(200);

        await().atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(250))
                .until(() ->
                        token(guesser, target, target.getString("secret_key")).status() == 200);
    }

    @Test
    void wrongPasswordsAtThePortalLoginSlowTheGuessingAddressOnlyAndThePersonElsewhereLogsIn() throws Exception {
        JsonObject target = service.createMerchant("Portal target");
        PortalClient.Person person =
                new PortalClient("http://localhost:" + service.config.http().port()).logIn(target, "cashier");
        RawHttp guesser = from("127.0.0.13");
        for (int i = 0; i < 15; i++) {
            assertThat(portalLogin(guesser, person.email(), "wrong password " + i))
                    .isIn(401, 429);
        }
        assertThat(portalLogin(guesser, person.email(), person.password()))
                .as("the guessing address waits, even with the right password")
                .isEqualTo(429);
        assertThat(portalLogin(from("127.0.0.14"), person.email(), person.password()))
                .as("the person logs in from another address")
                .isEqualTo(303);
        assertThat(token(from("127.0.0.14"), target, target.getString("secret_key"))
                        .status())
                .as("and the token endpoint works for the merchant there too")
                .isEqualTo(200);
    }

    @Test
    void oneAddressGuessingAtOnePersonsPasswordIsSlowedForThatPersonBeforeTheAddressIs() throws Exception {
        JsonObject target = service.createMerchant("Portal pair");
        PortalClient signUp =
                new PortalClient("http://localhost:" + service.config.http().port());
        PortalClient.Person person = signUp.logIn(target, "cashier");
        PortalClient.Person colleague = signUp.logIn(target, "viewer");
        RawHttp guesser = from("127.0.0.15");
        for (int i = 0; i < PER_ACCOUNT; i++) {
            assertThat(portalLogin(guesser, person.email(), "wrong password " + i))
                    .isEqualTo(401);
        }
        assertThat(portalLogin(guesser, person.email(), person.password()))
                .as("this e-mail from this address waits")
                .isEqualTo(429);
        assertThat(portalLogin(guesser, colleague.email(), colleague.password()))
                .as("another person from the same address, under the address's own limit, logs in")
                .isEqualTo(303);
        // the address's bucket refills while passwords are checked: guess on until the address itself is held
        int answer = 0;
        for (int i = 0; i < 15 && answer != 429; i++) {
            answer = portalLogin(guesser, "nobody-" + i + "@example.com", "wrong password");
            assertThat(answer).isIn(401, 429);
        }
        assertThat(answer).isEqualTo(429);
        assertThat(portalLogin(guesser, colleague.email(), colleague.password()))
                .as("an address guessing at many e-mails waits, whoever it names")
                .isEqualTo(429);
        assertThat(portalLogin(from("127.0.0.16"), person.email(), person.password()))
                .as("the person elsewhere logs in")
                .isEqualTo(303);
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
    void wrongAdminTokensSlowTheGuessingAddressOnlyAndTheAdminElsewhereGetsIn() {
        RawHttp guesser = from("127.0.0.41");
        for (int i = 0; i < 15; i++) {
            assertThat(admin(guesser, "wrong-admin-token-" + i).status()).isIn(401, 429);
        }
        RawHttp.Answer refused = admin(guesser, TestConfig.ADMIN_TOKEN);
        assertThat(refused.status()).as("the guessing address waits").isEqualTo(429);
        assertThat(refused.header("Retry-After")).isNotNull();
        assertThat(refused.json().getJsonObject("error").getString("code")).isEqualTo("rate_limited");

        assertThat(admin(from("127.0.0.42"), TestConfig.ADMIN_TOKEN).status())
                .as("the admin, from another address, is not locked out")
                .isEqualTo(200);

        await().atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> admin(guesser, TestConfig.ADMIN_TOKEN).status() == 200);
    }

    /**
     * A browser's login from {@code client}: the login page for its CSRF cookie and field, then the form. Answers
     * the status: 303 signed in, 401 wrong password, 429 throttled.
     */
    private static int portalLogin(RawHttp client, String email, String password) {
        RawHttp.Answer page = client.send("GET", "/portal/login", Map.of(), null);
        assertThat(page.status()).isEqualTo(200);
        String cookie = page.header("Set-Cookie").split(";", 2)[0];
        java.util.regex.Matcher field = java.util.regex.Pattern.compile("name=\"X-XSRF-TOKEN\" value=\"([^\"]+)\"")
                .matcher(page.body());
        assertThat(field.find()).isTrue();
        String form =
                "X-XSRF-TOKEN=" + encode(field.group(1)) + "&email=" + encode(email) + "&password=" + encode(password);
        return client.send(
                        "POST",
                        "/portal/login",
                        Map.of("Content-Type", "application/x-www-form-urlencoded", "Cookie", cookie),
                        form)
                .status();
    }

    private static String encode(String value) {
        return java.net.URLEncoder.encode(value, java.nio.charset.StandardCharsets.UTF_8);
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
