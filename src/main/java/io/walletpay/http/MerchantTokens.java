package io.walletpay.http;

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
import io.walletpay.config.AppConfig;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.Merchant;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/** Issues and verifies merchant access tokens (JWTs, via vertx-auth-jwt); the subject is the merchant id. */
final class MerchantTokens {

    record Issued(String token, Instant expiresAt, long expiresIn) {}

    private final JWTAuth auth;
    private final JWTAuth verifier;
    private final AppConfig.Jwt config;

    /** The same keys, issuer and audience, but blind to {@code exp}: it tells an expired token from a bad one. */
    private final JWTAuth expiryBlind;

    private MerchantTokens(JWTAuth auth, JWTAuth expiryBlind, AppConfig.Jwt config) {
        this.auth = auth;
        this.expiryBlind = expiryBlind;
        this.verifier = new VerifiedTokens(auth);
        this.config = config;
    }

    static Future<MerchantTokens> create(Vertx vertx, AppConfig.Jwt config) {
        JWTOptions jwt = new JWTOptions()
                .setAlgorithm(config.algorithm())
                .setIssuer(config.issuer())
                .setAudience(List.of(config.audience()))
                .setExpiresInSeconds((int) config.ttl().toSeconds());
        if (config.algorithm().equals("HS256")) {
            JWTAuthOptions options = new JWTAuthOptions()
                    .setJWTOptions(jwt)
                    .addPubSecKey(new PubSecKeyOptions().setAlgorithm("HS256").setBuffer(config.secret()));
            return Future.succeededFuture(of(vertx, options, config));
        }
        return Future.all(
                        vertx.fileSystem().readFile(config.privateKeyPem()),
                        vertx.fileSystem().readFile(config.publicKeyPem()))
                .map(pems -> {
                    JWTAuthOptions options = new JWTAuthOptions()
                            .setJWTOptions(jwt)
                            .addPubSecKey(new PubSecKeyOptions()
                                    .setAlgorithm(config.algorithm())
                                    .setBuffer(pems.<io.vertx.core.buffer.Buffer>resultAt(0)
                                            .toString()))
                            .addPubSecKey(new PubSecKeyOptions()
                                    .setAlgorithm(config.algorithm())
                                    .setBuffer(pems.<io.vertx.core.buffer.Buffer>resultAt(1)
                                            .toString()));
                    return of(vertx, options, config);
                });
    }

    private static MerchantTokens of(Vertx vertx, JWTAuthOptions options, AppConfig.Jwt config) {
        JWTAuthOptions blind = new JWTAuthOptions(options)
                .setJWTOptions(new JWTOptions(options.getJWTOptions()).setIgnoreExpiration(true));
        return new MerchantTokens(JWTAuth.create(vertx, options), JWTAuth.create(vertx, blind), config);
    }

    /**
     * Whether a token the verifier refused is one of ours whose time is over: signed with our key, for our issuer
     * and audience, with an {@code exp} that has passed. Anything else it refused (a forged, damaged or foreign
     * token) is not, and answers false.
     */
    Future<Boolean> expired(String token, long nowEpochSecond) {
        Future<User> checked;
        try {
            checked = expiryBlind.authenticate(new TokenCredentials(token));
        } catch (RuntimeException unusable) {
            return Future.succeededFuture(false);
        }
        return checked.map(user -> user.attributes().getValue("exp") instanceof Number expires
                        && expires.longValue() <= nowEpochSecond)
                .otherwise(false);
    }

    Issued issue(Merchant merchant) {
        return issue(merchant, null);
    }

    /**
     * A token for {@code merchant}; for a restricted key ({@code key} not null) it carries the key's scope
     * ({@value #SCOPE}) and id ({@value #KEY_ID}), which the scope check reads. A token without them is the secret
     * key's.
     */
    Issued issue(Merchant merchant, io.walletpay.merchant.ApiKey key) {
        long now = Instant.now().getEpochSecond();
        JsonObject claims =
                new JsonObject().put("sub", merchant.id().toString()).put(KEY_VERSION, merchant.secretKeyVersion());
        if (key != null) {
            claims.put(SCOPE, key.scope().wireName()).put(KEY_ID, key.id().toString());
        }
        String token = auth.generateToken(claims);
        long ttl = config.ttl().toSeconds();
        return new Issued(token, Instant.ofEpochSecond(now + ttl), ttl);
    }

    /**
     * What the bearer guard verifies tokens with (vertx-web's JWTAuthHandler calls it): this verticle's JWTAuth,
     * behind a cache of tokens already verified.
     */
    JWTAuth verifier() {
        return verifier;
    }

    /**
     * Whether a verified token lives no longer than the tokens this service issues: it must carry {@code exp}
     * (vertx-auth-jwt accepts a token without one for ever), no later than {@code jwt.ttl_seconds} after its
     * {@code iat}, or after now when it has none, with a minute for clocks apart.
     */
    boolean withinLifetime(io.vertx.ext.auth.User user, long nowEpochSecond) {
        if (!(user.attributes().getValue("exp") instanceof Number expires)) {
            return false;
        }
        long from = user.attributes().getValue("iat") instanceof Number issued ? issued.longValue() : nowEpochSecond;
        return expires.longValue() - from <= config.ttl().toSeconds() + CLOCK_SKEW_SECONDS;
    }

    private static final long CLOCK_SKEW_SECONDS = 60;

    /** The claim naming a restricted key's scope; absent on the secret key's tokens. */
    static final String SCOPE = "scope";

    /** The claim naming the restricted key a token was issued for. */
    static final String KEY_ID = "kid";

    /** The claim naming the secret-key version a token was issued under; absent (older tokens) counts as 0. */
    static final String KEY_VERSION = "kv";

    /** Whether {@code claims} were issued under {@code merchant}'s current secret key. */
    static boolean issuedUnderCurrentKey(JsonObject claims, Merchant merchant) {
        Object version = claims.getValue(KEY_VERSION);
        int issuedUnder = version == null ? 0 : version instanceof Number n ? n.intValue() : -1;
        return issuedUnder == merchant.secretKeyVersion();
    }

    static ServiceException invalidCredentials() {
        return new ServiceException(
                ErrorKind.UNAUTHORIZED, "invalid_credentials", "Unknown merchant or wrong secret key");
    }

    /**
     * A token already verified is accepted until its own expiry without decoding and checking its signature again.
     * Per HTTP verticle, so touched by one event loop only; least recently used entries go first. A token without
     * an expiry is never cached. vertx-auth-jwt keeps the registered claims ({@code exp}, {@code iat}, {@code nbf})
     * in the user's attributes, not its principal, so both are kept.
     */
    static final class VerifiedTokens implements JWTAuth {

        private static final int SIZE = 10_000;

        private record Verified(JsonObject principal, JsonObject attributes, long expiresAtEpochSecond) {}

        private final JWTAuth auth;
        private final LongSupplier epochSeconds;
        private final Map<String, Verified> verified = new LinkedHashMap<>(1024, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Verified> eldest) {
                return size() > SIZE;
            }
        };

        VerifiedTokens(JWTAuth auth) {
            this(auth, () -> Instant.now().getEpochSecond());
        }

        /** With the clock the cached expiries are read against (vertx-auth-jwt reads its own). */
        VerifiedTokens(JWTAuth auth, LongSupplier epochSeconds) {
            this.auth = auth;
            this.epochSeconds = epochSeconds;
        }

        @Override
        public Future<User> authenticate(Credentials credentials) {
            if (!(credentials instanceof TokenCredentials bearer)) {
                return Future.failedFuture("only bearer tokens are accepted");
            }
            String token = bearer.getToken();
            Verified known = verified.get(token);
            if (known != null) {
                if (known.expiresAtEpochSecond() > epochSeconds.getAsLong()) {
                    return Future.succeededFuture(User.create(
                            known.principal().copy(), known.attributes().copy()));
                }
                verified.remove(token);
            }
            Future<User> checked;
            try {
                checked = auth.authenticate(credentials);
            } catch (RuntimeException unusable) {
                // vertx-auth-jwt throws instead of failing for some claim shapes (a signed token without "aud")
                checked = Future.failedFuture(unusable);
            }
            return checked.onSuccess(user -> {
                if (user.attributes().getValue("exp") instanceof Number expires) {
                    verified.put(
                            token,
                            new Verified(
                                    user.principal().copy(), user.attributes().copy(), expires.longValue()));
                }
            });
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
