package io.walletpay.http;

import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.json.JsonInput;
import io.walletpay.login.MerchantLogin;
import io.walletpay.login.RestrictedKeyLogin;
import io.walletpay.merchant.Actor;
import io.walletpay.merchant.ApiKey;
import io.walletpay.merchant.KeyScope;
import io.walletpay.merchant.RestrictedKeys;
import io.walletpay.net.ClientAddress;
import io.walletpay.usecase.ApiKeys;
import io.walletpay.view.Timestamps;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Restricted API keys over HTTP: {@code /api/merchant/keys} (made, listed, revoked; the secret key's tokens only, as
 * {@link RouteScopes} says), a token for a restricted key, and the check every merchant request passes after the
 * bearer guard: a restricted key's token must be of a key still active, and its scope must meet what
 * {@link RouteScopes} says the route needs, else 403 {@code insufficient_scope}.
 *
 * <p>Whether a token's key is still active is asked of the store and kept for {@code cacheMillis} per HTTP verticle
 * (the merchant cache's time): a revoked key gets no new token at once, and its live tokens stop within that time.
 */
final class RestrictedKeyRoutes {

    private static final String KEYS = "/api/merchant/keys";
    private static final Set<String> CREATE_FIELDS = Set.of("scope", "description");
    private static final int CACHE_SIZE = 10_000;

    private record Known(boolean active, long untilMillis) {}

    private final ApiKeys keys;
    private final RestrictedKeyLogin login;
    private final MerchantTokens tokens;
    private final long cacheMillis;
    private final Map<UUID, Known> activity = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<UUID, Known> eldest) {
            return size() > CACHE_SIZE;
        }
    };

    RestrictedKeyRoutes(ApiKeys keys, RestrictedKeyLogin login, MerchantTokens tokens, long cacheMillis) {
        this.keys = keys;
        this.login = login;
        this.tokens = tokens;
        this.cacheMillis = cacheMillis;
    }

    void mount(Router router) {
        router.post(KEYS).handler(this::create);
        router.get(KEYS).handler(this::list);
        router.delete(KEYS + "/:id").handler(this::revoke);
    }

    /** Runs after the bearer guard on every {@code /api/merchant/*} request. */
    void checkScope(RoutingContext ctx) {
        Object scopeClaim = ctx.user().principal().getValue(MerchantTokens.SCOPE);
        if (scopeClaim == null) {
            ctx.next(); // the secret key's token
            return;
        }
        KeyScope scope = scopeClaim instanceof String wire ? KeyScope.restricted(wire) : null;
        UUID keyId = ctx.user().principal().getValue(MerchantTokens.KEY_ID) instanceof String id
                ? io.walletpay.json.Identifiers.parse(id)
                : null;
        if (scope == null || keyId == null) {
            ctx.fail(invalidToken());
            return;
        }
        UUID merchantId = MerchantGuard.merchant(ctx).id();
        stillActive(merchantId, keyId)
                .onSuccess(active -> {
                    if (!active) {
                        ctx.fail(invalidToken()); // the key was revoked
                        return;
                    }
                    KeyScope.Need need = RouteScopes.need(
                            ctx.request().method().name(), ctx.request().path());
                    if (!scope.allows(need)) {
                        ctx.fail(new ServiceException(
                                ErrorKind.FORBIDDEN,
                                "insufficient_scope",
                                "This key's scope (" + scope.wireName() + ") does not allow this request"));
                        return;
                    }
                    ctx.next();
                })
                .onFailure(ctx::fail);
    }

    private Future<Boolean> stillActive(UUID merchantId, UUID keyId) {
        long now = System.currentTimeMillis();
        Known known = activity.get(keyId);
        if (known != null && known.untilMillis() > now) {
            return Future.succeededFuture(known.active());
        }
        return keys.active(merchantId, keyId).onSuccess(active -> {
            if (active) {
                activity.put(keyId, new Known(true, now + cacheMillis));
            } else {
                activity.put(keyId, new Known(false, Long.MAX_VALUE)); // revoked for good
            }
        });
    }

    /** The token endpoint for a restricted key (the merchant's route has read the body and named the account). */
    void token(RoutingContext ctx, String source, String merchantIdText, UUID merchantId, String key) {
        login.attempt(source, merchantIdText, merchantId, key)
                .onSuccess(attempt -> {
                    if (attempt.refused() instanceof MerchantLogin.Throttled throttled) {
                        ctx.fail(RateLimitedException.after(throttled.retryAfter()));
                        return;
                    }
                    if (attempt.verified() == null) {
                        ctx.fail(MerchantTokens.invalidCredentials());
                        return;
                    }
                    var merchant = attempt.verified().merchant();
                    if (!merchant.active()) {
                        ctx.fail(new ServiceException(
                                ErrorKind.FORBIDDEN, "merchant_disabled", "This merchant is disabled"));
                        return;
                    }
                    MerchantAccountRoutes.issued(
                            ctx,
                            merchant,
                            tokens.issue(merchant, attempt.verified().key()));
                })
                .onFailure(ctx::fail);
    }

    private void create(RoutingContext ctx) {
        JsonInput input = JsonInput.parseObject(Bodies.json(ctx), CREATE_FIELDS);
        String scope = input.requiredText("scope", 32);
        String description = input.optionalText("description", RestrictedKeys.MAX_DESCRIPTION);
        keys.create(MerchantGuard.merchant(ctx), scope, description, actor(ctx))
                .onSuccess(created ->
                        Responses.success(ctx, 201, view(created.key()).put("key", created.secret())))
                .onFailure(ctx::fail);
    }

    private void list(RoutingContext ctx) {
        keys.list(MerchantGuard.merchant(ctx).id())
                .onSuccess(found -> Responses.page(ctx, found, RestrictedKeyRoutes::view, false))
                .onFailure(ctx::fail);
    }

    private void revoke(RoutingContext ctx) {
        UUID id = Queries.pathId(ctx, "API key");
        keys.revoke(MerchantGuard.merchant(ctx).id(), id, actor(ctx))
                .onSuccess(revoked -> {
                    activity.put(id, new Known(false, Long.MAX_VALUE));
                    Responses.success(ctx, 200, view(revoked));
                })
                .onFailure(ctx::fail);
    }

    private static Actor actor(RoutingContext ctx) {
        return Actor.merchant(MerchantGuard.merchant(ctx).id(), ClientAddress.of(ctx));
    }

    private static JsonObject view(ApiKey key) {
        return new JsonObject()
                .put("id", key.id().toString())
                .put("scope", key.scope().wireName())
                .put("description", key.description())
                .put("prefix", key.prefix())
                .put("created_at", Timestamps.format(key.createdAt()))
                .put("revoked_at", key.revokedAt() == null ? null : Timestamps.format(key.revokedAt()));
    }

    private static ServiceException invalidToken() {
        return new ServiceException(ErrorKind.UNAUTHORIZED, "invalid_token", "The access token is not valid");
    }
}
