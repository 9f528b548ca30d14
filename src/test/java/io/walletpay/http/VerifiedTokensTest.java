package io.walletpay.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.auth.JWTOptions;
import io.vertx.ext.auth.PubSecKeyOptions;
import io.vertx.ext.auth.User;
import io.vertx.ext.auth.authentication.Credentials;
import io.vertx.ext.auth.authentication.TokenCredentials;
import io.vertx.ext.auth.jwt.JWTAuth;
import io.vertx.ext.auth.jwt.JWTAuthOptions;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The cache in front of vertx-auth-jwt: a token is decoded and its signature checked once, until it expires. */
class VerifiedTokensTest {

    private static final String SECRET = "a-test-secret-of-at-least-32-characters!";

    private Vertx vertx;
    private JWTAuth jwt;
    private final AtomicInteger checked = new AtomicInteger();
    /** The cache's clock, the real one until a test moves it. */
    private final AtomicLong now = new AtomicLong(Instant.now().getEpochSecond());

    private MerchantTokens.VerifiedTokens tokens;

    @BeforeEach
    void setUp() {
        vertx = Vertx.vertx();
        jwt = JWTAuth.create(
                vertx,
                new JWTAuthOptions()
                        .setJWTOptions(new JWTOptions().setIssuer("walletpay").setAudience(List.of("merchants")))
                        .addPubSecKey(
                                new PubSecKeyOptions().setAlgorithm("HS256").setBuffer(SECRET)));
        tokens = new MerchantTokens.VerifiedTokens(new CountingAuth(jwt, checked), now::get);
    }

    @AfterEach
    void tearDown() {
        vertx.close().await();
    }

    @Test
    void aTokenIsCheckedOnceAndItsClaimsComeBackWhole() {
        String token = issue(600);

        User first = tokens.authenticate(new TokenCredentials(token)).await();
        User second = tokens.authenticate(new TokenCredentials(token)).await();

        assertThat(checked).hasValue(1);
        assertThat(second.principal()).isEqualTo(first.principal());
        assertThat(second.principal().getString("sub")).isEqualTo("merchant-1");
        assertThat(second.principal().getInteger("kv")).isEqualTo(3);
        assertThat(second.attributes().getLong("exp"))
                .isEqualTo(first.attributes().getLong("exp"));
        assertThat(second.expired()).isFalse();
    }

    @Test
    void aCachedTokenIsCheckedAgainFromTheSecondItExpires() {
        String token = issue(600);
        User first = tokens.authenticate(new TokenCredentials(token)).await();
        long expires = first.attributes().getLong("exp");

        now.set(expires - 1);
        tokens.authenticate(new TokenCredentials(token)).await();
        assertThat(checked).as("still valid: served from the cache").hasValue(1);

        now.set(expires);
        tokens.authenticate(new TokenCredentials(token)).await();
        assertThat(checked).as("expired by the cache's clock: checked again").hasValue(2);
    }

    @Test
    void aTokenWithoutAnExpiryIsCheckedEveryTime() {
        String token = issue(0);

        tokens.authenticate(new TokenCredentials(token)).await();
        tokens.authenticate(new TokenCredentials(token)).await();

        assertThat(checked).hasValue(2);
    }

    @Test
    void aTokenWithAnotherSignatureIsNeverTakenForACachedOne() {
        String token = issue(600);
        tokens.authenticate(new TokenCredentials(token)).await();
        String forged = token.substring(0, token.lastIndexOf('.') + 1) + "AAAA";

        Future<User> answer = tokens.authenticate(new TokenCredentials(forged));

        assertThat(answer.failed()).isTrue();
        assertThat(checked).hasValue(2);
    }

    private String issue(int expiresInSeconds) {
        JWTOptions options = new JWTOptions().setIssuer("walletpay").setAudience(List.of("merchants"));
        if (expiresInSeconds > 0) {
            options.setExpiresInSeconds(expiresInSeconds);
        }
        return jwt.generateToken(new JsonObject().put("sub", "merchant-1").put("kv", 3), options);
    }

    /** The real provider, counting the tokens it is asked to check. */
    private record CountingAuth(JWTAuth auth, AtomicInteger checked) implements JWTAuth {

        @Override
        public Future<User> authenticate(Credentials credentials) {
            checked.incrementAndGet();
            return auth.authenticate(credentials);
        }

        @Override
        public String generateToken(JsonObject claims, JWTOptions options) {
            return auth.generateToken(claims, options);
        }

        @Override
        public String generateToken(JsonObject claims) {
            return auth.generateToken(claims);
        }
    }
}
