package io.walletpay.http;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.auth.JWTOptions;
import io.vertx.ext.auth.PubSecKeyOptions;
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
import java.util.UUID;

/** Issues and verifies merchant access tokens (JWTs, via vertx-auth-jwt); the subject is the merchant id. */
final class MerchantTokens {

    record Issued(String token, Instant expiresAt, long expiresIn) {}

    /** A token already verified, until its own expiry: the signature check is not repeated per request. */
    private record Verified(UUID merchantId, long expiresAtEpochSecond) {}

    private static final int VERIFIED_CACHE_SIZE = 10_000;

    /** Per HTTP verticle, so touched by one event loop only; least recently used entries go first. */
    private final Map<String, Verified> verifiedTokens = new LinkedHashMap<>(1024, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Verified> eldest) {
            return size() > VERIFIED_CACHE_SIZE;
        }
    };

    private final JWTAuth auth;
    private final AppConfig.Jwt config;

    private MerchantTokens(JWTAuth auth, AppConfig.Jwt config) {
        this.auth = auth;
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
            return Future.succeededFuture(new MerchantTokens(JWTAuth.create(vertx, options), config));
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
                    return new MerchantTokens(JWTAuth.create(vertx, options), config);
                });
    }

    Issued issue(Merchant merchant) {
        long now = Instant.now().getEpochSecond();
        String token =
                auth.generateToken(new JsonObject().put("sub", merchant.id().toString()));
        long ttl = config.ttl().toSeconds();
        return new Issued(token, Instant.ofEpochSecond(now + ttl), ttl);
    }

    /** The merchant id of a valid token; any problem (signature, alg, expiry, issuer, audience) is a 401. */
    Future<UUID> verify(String token) {
        Verified known = verifiedTokens.get(token);
        if (known != null && known.expiresAtEpochSecond() > Instant.now().getEpochSecond()) {
            return Future.succeededFuture(known.merchantId());
        }
        Future<io.vertx.ext.auth.User> verified;
        try {
            verified = auth.authenticate(new TokenCredentials(token));
        } catch (RuntimeException unusable) {
            // vertx-auth-jwt throws instead of failing for some claim shapes (a signed token without "aud")
            verified = Future.failedFuture(unusable);
        }
        return verified.map(user -> {
                    UUID merchantId = UUID.fromString(user.principal().getString("sub"));
                    Long expires = user.principal().getLong("exp");
                    if (expires != null) {
                        verifiedTokens.put(token, new Verified(merchantId, expires));
                    }
                    return merchantId;
                })
                .recover(failure -> Future.failedFuture(MerchantGuard.unauthorized("The access token is not valid")));
    }

    static ServiceException invalidCredentials() {
        return new ServiceException(
                ErrorKind.UNAUTHORIZED, "invalid_credentials", "Unknown merchant or wrong secret key");
    }
}
