package io.walletpay.http;

import io.vertx.core.Future;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.json.JsonInput;
import io.walletpay.login.MerchantLogin;
import io.walletpay.merchant.Actor;
import io.walletpay.merchant.AuditRecord;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.MerchantInput;
import io.walletpay.merchant.MerchantInput.MerchantChanges;
import io.walletpay.net.ClientAddress;
import io.walletpay.payment.WalletNumberMask;
import io.walletpay.store.Stores;
import io.walletpay.usecase.AuditLog;
import io.walletpay.usecase.RotateSecretKey;
import io.walletpay.usecase.RotateWebhookSecret;
import io.walletpay.usecase.UpdateMerchantSettings;
import io.walletpay.wiring.UseCases;
import java.util.Set;
import java.util.UUID;

/**
 * The merchant's own account: the token endpoint (the only unguarded merchant route), settings, and the
 * webhook-secret rotation.
 */
final class MerchantAccountRoutes {

    private static final Set<String> TOKEN_FIELDS = Set.of("merchant_id", "secret_key");
    private static final Set<String> ROTATION_FIELDS = Set.of("secret_key");

    private final Stores stores;
    private final MerchantTokens tokens;
    private final int failingAfterHours;
    private final MerchantLogin login;
    private final UpdateMerchantSettings settingsChange;
    private final io.walletpay.usecase.SetPayoutPhone payoutPhone;
    private final RotateWebhookSecret webhookSecretRotation;
    private final RotateSecretKey secretKeyRotation;
    private final AuditLog auditLog;
    private final RestrictedKeyRoutes restrictedKeys;

    MerchantAccountRoutes(
            Stores stores,
            MerchantTokens tokens,
            int failingAfterHours,
            MerchantLogin login,
            RestrictedKeyRoutes restrictedKeys,
            UseCases useCases) {
        this.restrictedKeys = restrictedKeys;
        this.settingsChange = useCases.updateMerchantSettings();
        this.payoutPhone = useCases.setPayoutPhone();
        this.webhookSecretRotation = useCases.rotateWebhookSecret();
        this.secretKeyRotation = useCases.rotateSecretKey();
        this.auditLog = useCases.auditLog();
        this.stores = stores;
        this.login = login;
        this.tokens = tokens;
        this.failingAfterHours = failingAfterHours;
    }

    /** The token routes go before the guard; settings after it. */
    void mountToken(Router router) {
        router.post("/api/merchant/token").handler(this::token);
        router.post("/api/merchant/token/").handler(this::token);
        // before the guard: another method on the token path is a 405, not a request for the token it would issue
        router.route("/api/merchant/token").handler(AllowedMethods::postOnly);
        router.route("/api/merchant/token/").handler(AllowedMethods::postOnly);
    }

    void mountGuarded(Router router) {
        router.get("/api/merchant/settings").handler(this::settings);
        router.patch("/api/merchant/settings").handler(this::updateSettings);
        router.post("/api/merchant/webhook-secret/rotate").handler(this::rotateWebhookSecret);
        router.post("/api/merchant/secret-key/rotate").handler(this::rotateSecretKey);
        router.get("/api/merchant/audit-log").handler(this::auditLog);
    }

    /** The merchant itself, through the API, from the address of this request. */
    private static Actor actor(RoutingContext ctx) {
        return Actor.merchant(MerchantGuard.merchant(ctx).id(), ClientAddress.of(ctx));
    }

    private void token(RoutingContext ctx) {
        JsonInput input = JsonInput.parseObject(Bodies.json(ctx), TOKEN_FIELDS);
        String merchantId = input.requiredText("merchant_id", 64);
        RateLimitHeaders.loginAccount(ctx, merchantId);
        String secretKey = input.requiredText("secret_key", 256);
        UUID id = Queries.parseUuid(merchantId);
        String source = ClientAddress.of(ctx);
        if (io.walletpay.merchant.RestrictedKeys.isRestricted(secretKey)) {
            restrictedKeys.token(ctx, source, merchantId, id, secretKey);
            return;
        }
        login.attempt(source, merchantId, id, secretKey)
                .onSuccess(outcome -> {
                    if (outcome instanceof MerchantLogin.Throttled throttled) {
                        ctx.fail(RateLimitedException.after(throttled.retryAfter()));
                        return;
                    }
                    if (!(outcome instanceof MerchantLogin.Verified verified)) {
                        ctx.fail(MerchantTokens.invalidCredentials());
                        return;
                    }
                    Merchant merchant = verified.merchant();
                    if (!merchant.active()) {
                        ctx.fail(new ServiceException(
                                ErrorKind.FORBIDDEN, "merchant_disabled", "This merchant is disabled"));
                        return;
                    }
                    issued(ctx, merchant, tokens.issue(merchant));
                })
                .onFailure(ctx::fail);
    }

    /** The token endpoint's answer, whichever key it was asked with. */
    static void issued(RoutingContext ctx, Merchant merchant, MerchantTokens.Issued issued) {
        Responses.success(
                ctx,
                200,
                new JsonObject()
                        .put("token", issued.token())
                        .put("token_type", "Bearer")
                        .put("expires_at", issued.expiresAt().toString())
                        .put("expires_in", issued.expiresIn())
                        .put(
                                "merchant",
                                new JsonObject()
                                        .put("id", merchant.publicId().toString())
                                        .put("name", merchant.name()))
                        .put("livemode", merchant.livemode()));
    }

    private void settings(RoutingContext ctx) {
        withEndpointHealth(ctx, MerchantGuard.merchant(ctx), new JsonObject());
    }

    /**
     * The settings answer: the settings, what the request itself set beside them ({@code alsoSet}), and how the
     * webhook endpoint is doing, read fresh (never cached).
     */
    private void withEndpointHealth(RoutingContext ctx, Merchant merchant, JsonObject alsoSet) {
        stores.deliveries()
                .endpointHealth(merchant.id(), failingAfterHours)
                .onSuccess(health -> Responses.success(
                        ctx,
                        200,
                        MerchantViews.settings(merchant)
                                .mergeIn(alsoSet)
                                .put(
                                        "webhook_endpoint",
                                        new JsonObject()
                                                .put("status", health.wireName())
                                                .put(
                                                        "failing_since",
                                                        health.failingSince() == null
                                                                ? null
                                                                : io.walletpay.view.Timestamps.format(
                                                                        health.failingSince())))))
                .onFailure(ctx::fail);
    }

    private void updateSettings(RoutingContext ctx) {
        Merchant merchant = MerchantGuard.merchant(ctx);
        byte[] body = Bodies.json(ctx);
        MerchantChanges changes = MerchantInput.settingsChanges(body);
        MerchantInput.PayoutPhoneChange payout = MerchantInput.payoutPhone(body, false);
        // the payout number set by this request, confirmed in the answer as the balance shows it (masked)
        JsonObject alsoSet = new JsonObject();
        settingsChange
                .update(
                        merchant.id(),
                        changes,
                        actor(ctx),
                        () -> payout == null
                                ? Future.succeededFuture()
                                : secretKeyTypedAgain(ctx, merchant, payout.secretKey())
                                        .compose(verified ->
                                                payoutPhone.set(merchant.id(), payout.payoutPhone(), actor(ctx)))
                                        .onSuccess(phone -> alsoSet.put(
                                                "payout_phone", phone == null ? null : WalletNumberMask.mask(phone))))
                .onSuccess(updated -> withEndpointHealth(ctx, updated, alsoSet))
                .onFailure(ctx::fail);
    }

    /**
     * The merchant's current secret key, typed again for a change that moves money (a stolen token alone must not
     * redirect payouts): wrong is a 403, and guesses are throttled like logins.
     */
    private Future<Void> secretKeyTypedAgain(RoutingContext ctx, Merchant merchant, String secretKey) {
        String source = ClientAddress.of(ctx);
        // the key of this token's mode: a test token's merchant types its test key again, a live one its live key
        return login.attempt(source, merchant.publicId().toString(), merchant.publicId(), secretKey)
                .compose(outcome -> {
                    if (outcome instanceof MerchantLogin.Throttled throttled) {
                        return Future.failedFuture(RateLimitedException.after(throttled.retryAfter()));
                    }
                    if (!(outcome instanceof MerchantLogin.Verified verified)
                            || !verified.merchant().id().equals(merchant.id())) {
                        return Future.failedFuture(new io.walletpay.error.ServiceException(
                                io.walletpay.error.ErrorKind.FORBIDDEN,
                                "invalid_secret_key",
                                "secret_key is not this merchant's current secret key"));
                    }
                    return Future.succeededFuture();
                });
    }

    /**
     * A new secret key needs the current one typed again: whoever holds the new key can obtain tokens and redirect
     * payouts, so a stolen token alone must not be able to issue one (nor lock the owner out). A merchant who lost
     * the key asks the operator, whose admin route needs no key.
     */
    private void rotateSecretKey(RoutingContext ctx) {
        Merchant merchant = MerchantGuard.merchant(ctx);
        String current =
                JsonInput.parseObject(Bodies.json(ctx), ROTATION_FIELDS).requiredText("secret_key", 256);
        secretKeyTypedAgain(ctx, merchant, current)
                .onSuccess(verified -> SecretKeyRotation.rotate(
                        ctx, secretKeyRotation, merchant.id(), merchant.livemode(), actor(ctx)))
                .onFailure(ctx::fail);
    }

    private void rotateWebhookSecret(RoutingContext ctx) {
        webhookSecretRotation
                .rotate(MerchantGuard.merchant(ctx).id(), actor(ctx))
                .onSuccess(rotated -> Responses.success(
                        ctx,
                        200,
                        new JsonObject()
                                .put(
                                        "merchant_id",
                                        rotated.merchant().publicId().toString())
                                .put("webhook_secret", rotated.webhookSecret())
                                .put(
                                        "previous_secret_active_until",
                                        io.walletpay.view.Timestamps.format(rotated.previousActiveUntil()))))
                .onFailure(ctx::fail);
    }

    /** {@code GET /api/merchant/audit-log}: who changed this merchant's settings or secrets, newest first. */
    private void auditLog(RoutingContext ctx) {
        int limit = Queries.limit(ctx);
        Long startingAfter = entryId(ctx, "starting_after");
        Long endingBefore = entryId(ctx, "ending_before");
        if (startingAfter != null && endingBefore != null) {
            throw ServiceException.invalid("ending_before", "page with starting_after or ending_before, not both");
        }
        auditLog.list(MerchantGuard.merchant(ctx).id(), startingAfter, endingBefore, limit)
                .onSuccess(
                        page -> Responses.page(ctx, page.entries(), MerchantAccountRoutes::auditEntry, page.hasMore()))
                .onFailure(ctx::fail);
    }

    private static Long entryId(RoutingContext ctx, String parameter) {
        String cursor = Queries.text(ctx, parameter, 19);
        if (cursor == null) {
            return null;
        }
        if (!cursor.matches("[1-9]\\d{0,17}")) {
            throw ServiceException.invalid(parameter, parameter + " must be the id of an audit log entry");
        }
        return Long.parseLong(cursor);
    }

    private static JsonObject auditEntry(AuditRecord entry) {
        return new JsonObject()
                .put("id", String.valueOf(entry.id()))
                .put("actor", entry.actor())
                .put("source_address", entry.sourceAddress())
                .put("action", entry.action())
                .put("what", entry.what())
                .put("at", io.walletpay.view.Timestamps.format(entry.at()));
    }
}
