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
import java.util.List;
import java.util.UUID;

/** Issues and verifies merchant access tokens (JWTs, via vertx-auth-jwt); the subject is the merchant id. */
final class MerchantTokens {

  record Issued(String token, Instant expiresAt, long expiresIn) {
  }

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
      JWTAuthOptions options = new JWTAuthOptions().setJWTOptions(jwt)
          .addPubSecKey(new PubSecKeyOptions().setAlgorithm("HS256").setBuffer(config.secret()));
      return Future.succeededFuture(new MerchantTokens(JWTAuth.create(vertx, options), config));
    }
    return Future.all(vertx.fileSystem().readFile(config.privateKeyPem()),
            vertx.fileSystem().readFile(config.publicKeyPem()))
        .map(pems -> {
          JWTAuthOptions options = new JWTAuthOptions().setJWTOptions(jwt)
              .addPubSecKey(new PubSecKeyOptions().setAlgorithm(config.algorithm())
                  .setBuffer(pems.<io.vertx.core.buffer.Buffer>resultAt(0).toString()))
              .addPubSecKey(new PubSecKeyOptions().setAlgorithm(config.algorithm())
                  .setBuffer(pems.<io.vertx.core.buffer.Buffer>resultAt(1).toString()));
          return new MerchantTokens(JWTAuth.create(vertx, options), config);
        });
  }

  Issued issue(Merchant merchant) {
    long now = Instant.now().getEpochSecond();
    String token = auth.generateToken(new JsonObject().put("sub", merchant.id().toString()));
    long ttl = config.ttl().toSeconds();
    return new Issued(token, Instant.ofEpochSecond(now + ttl), ttl);
  }

  /** The merchant id of a valid token; any problem (signature, alg, expiry, issuer, audience) is a 401. */
  Future<UUID> verify(String token) {
    return auth.authenticate(new TokenCredentials(token))
        .map(user -> UUID.fromString(user.principal().getString("sub")))
        .recover(failure -> Future.failedFuture(MerchantGuard.unauthorized("The access token is not valid")));
  }

  static ServiceException invalidCredentials() {
    return new ServiceException(ErrorKind.UNAUTHORIZED, "invalid_credentials", "Unknown merchant or wrong secret key");
  }
}
