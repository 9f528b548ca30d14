package io.walletpay.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.Jwts;
import io.walletpay.support.RunningService;
import io.walletpay.support.TestConfig;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The edges of the bearer guard that vertx-web's JWTAuthHandler would answer on its own terms (400 for a header it
 * cannot split or a token with foreign characters, a pass for CORS preflights, a 500 for claims it throws on): the
 * API answers all of them with its 401: {@code unauthorized} and {@code WWW-Authenticate: Bearer} without a bearer
 * token, {@code invalid_token} or {@code token_expired} with the challenge naming the error for a refused one.
 */
@BehaviourTest
class MerchantGuardTest {

    static RunningService service;
    static String merchantId;
    static String token;

    @BeforeAll
    static void start() {
        service = RunningService.start();
        JsonObject merchant = service.createMerchant("Guarded");
        merchantId = merchant.getString("merchant_id");
        token = service.tokenFor(merchant);
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"Bearer", "Basic dXNlcjpwYXNz", "Token TOKEN", "Bearer TOKEN TOKEN", "BearerTOKEN"})
    void anAuthorizationWithoutOneBearerTokenIs401WithTheBareChallenge(String authorization) {
        Http.Response answer = settingsWith(authorization);

        assertThat(answer.status()).as(authorization).isEqualTo(401);
        assertThat(answer.header("WWW-Authenticate")).as(authorization).isEqualTo("Bearer");
        assertThat(answer.errorCode()).as(authorization).isEqualTo("unauthorized");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Bearer TOKEN.extra", "Bearer TOKEN!", "Bearer a.b.c", "bearer TOKENx"})
    void aBearerTokenThatIsNotValidIs401InvalidToken(String authorization) {
        Http.Response answer = settingsWith(authorization);

        assertThat(answer.status()).as(authorization).isEqualTo(401);
        assertThat(answer.header("WWW-Authenticate")).as(authorization).isEqualTo(Jwts.INVALID_TOKEN_CHALLENGE);
        assertThat(answer.errorCode()).as(authorization).isEqualTo("invalid_token");
    }

    /** The settings asked for with {@code authorization}, in which TOKEN stands for a valid token. */
    private static Http.Response settingsWith(String authorization) {
        return service.http.send(
                "GET",
                "/api/merchant/settings",
                null,
                null,
                Map.of("Authorization", authorization.replace("TOKEN", token)));
    }

    @Test
    void aTokenOfOursThatExpiredIsToldApartFromAForgedOne() {
        long anHourAgo = Instant.now().getEpochSecond() - 3600;
        String expired = Jwts.hs256(TestConfig.JWT_SECRET, Jwts.claims(merchantId, anHourAgo));
        String forged = Jwts.hs256("another-secret-another-secret-another", Jwts.claims(merchantId, anHourAgo));

        Http.Response expiredAnswer = service.http.get("/api/merchant/settings", expired);
        Http.Response forgedAnswer = service.http.get("/api/merchant/settings", forged);

        assertThat(expiredAnswer.status()).isEqualTo(401);
        assertThat(expiredAnswer.errorCode()).isEqualTo("token_expired");
        assertThat(expiredAnswer.header("WWW-Authenticate")).isEqualTo(Jwts.EXPIRED_TOKEN_CHALLENGE);
        assertThat(forgedAnswer.status()).isEqualTo(401);
        assertThat(forgedAnswer.errorCode()).isEqualTo("invalid_token");
        assertThat(forgedAnswer.header("WWW-Authenticate")).isEqualTo(Jwts.INVALID_TOKEN_CHALLENGE);
    }

    @Test
    void theSchemeNameIsCaseInsensitive() {
        Http.Response answer = service.http.send(
                "GET", "/api/merchant/settings", null, null, Map.of("Authorization", "bearer " + token));

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.data().getString("merchant_id")).isEqualTo(merchantId);
    }

    @Test
    void aSignedTokenWhoseSubjectIsNotAStringIs401NotA500() {
        JsonObject claims =
                Jwts.claims(merchantId, Instant.now().getEpochSecond() + 600).put("sub", 42);

        Http.Response answer = service.http.get("/api/merchant/settings", Jwts.hs256(TestConfig.JWT_SECRET, claims));

        assertThat(answer.status()).isEqualTo(401);
        assertThat(answer.header("WWW-Authenticate")).isEqualTo(Jwts.INVALID_TOKEN_CHALLENGE);
    }

    @Test
    void aCorsPreflightAskingForAuthorizationDoesNotGetPastTheGuard() {
        Http.Response answer = service.http.send(
                "OPTIONS",
                "/api/merchant/settings",
                null,
                null,
                Map.of("Origin", "https://shop.example", "Access-Control-Request-Headers", "authorization"));

        assertThat(answer.status()).isEqualTo(401);
        assertThat(answer.header("WWW-Authenticate")).isEqualTo("Bearer");
    }
}
