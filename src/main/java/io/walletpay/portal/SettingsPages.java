package io.walletpay.portal;

import io.vertx.core.Future;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.login.PersonLogin;
import io.walletpay.merchant.Actor;
import io.walletpay.merchant.AuditPage;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.MerchantInput;
import io.walletpay.merchant.MerchantInput.MerchantChanges;
import io.walletpay.merchant.MerchantUrls;
import io.walletpay.people.Permission;
import io.walletpay.people.Permissions;
import io.walletpay.store.PortalSessionStore;
import io.walletpay.store.Stores;
import io.walletpay.usecase.AuditLog;
import io.walletpay.usecase.RotateSecretKey;
import io.walletpay.usecase.RotateWebhookSecret;
import io.walletpay.usecase.UpdateMerchantSettings;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code /portal/settings}: the webhook URL, Return URL and locale; rotating the webhook secret (the old one keeps
 * signing through the overlap) and the secret key (this browser's session follows it; every other session and
 * token ends); each new secret shown once. Below them, the audit log of who changed what. The same use cases as
 * the API, recorded with the portal as actor.
 */
final class SettingsPages {

    private static final int AUDIT_PAGE = 20;

    private final PortalPages pages;
    private final Stores stores;
    private final UpdateMerchantSettings settings;
    private final RotateWebhookSecret webhookSecrets;
    private final RotateSecretKey secretKeys;
    private final PasswordTypedAgain passwordTypedAgain;
    private final AuditLog auditLog;
    private final int failingAfterHours;

    SettingsPages(
            PortalPages pages,
            Stores stores,
            UpdateMerchantSettings settings,
            RotateWebhookSecret webhookSecrets,
            RotateSecretKey secretKeys,
            AuditLog auditLog,
            PersonLogin login,
            int failingAfterHours) {
        this.pages = pages;
        this.stores = stores;
        this.settings = settings;
        this.webhookSecrets = webhookSecrets;
        this.secretKeys = secretKeys;
        this.passwordTypedAgain = new PasswordTypedAgain(login, pages);
        this.auditLog = auditLog;
        this.failingAfterHours = failingAfterHours;
    }

    void mount(Router router) {
        router.get("/portal/settings").handler(ctx -> show(ctx, PortalPages.merchant(ctx), 200, Map.of()));
        router.post("/portal/settings").handler(this::save);
        router.post("/portal/settings/webhook-secret").handler(this::rotateWebhookSecret);
        router.post("/portal/settings/secret-key").handler(this::rotateSecretKey);
        router.post("/portal/settings/sessions/end-all").handler(this::signOutEverywhere);
    }

    private static Actor actor(RoutingContext ctx) {
        return PortalPages.actor(ctx);
    }

    /** The page for {@code merchant} as it now is; {@code extra} says what just happened or what was refused. */
    private void show(RoutingContext ctx, Merchant merchant, int status, Map<String, Object> extra) {
        Long auditAfter = auditCursor(PortalPages.param(ctx, "audit_after", 19));
        var health = stores.deliveries().endpointHealth(merchant.id(), failingAfterHours);
        // a stale or mistyped ?audit_after= shows the log from its newest entry rather than refusing the whole page
        Future<AuditPage> audit = auditLog.list(merchant.id(), auditAfter, AUDIT_PAGE)
                .recover(failure -> auditAfter != null
                                && failure instanceof ServiceException refused
                                && refused.kind() == ErrorKind.VALIDATION
                        ? auditLog.list(merchant.id(), null, AUDIT_PAGE)
                        : Future.failedFuture(failure));
        java.util.UUID me = PortalPages.person(ctx).id();
        Future<List<PortalSessionStore.PortalSession>> sessions = stores.portalSessions()
                .live(PortalPages.liveMerchant(ctx).id(), PortalSession.LIFETIMES)
                .map(all -> all.stream().filter(s -> me.equals(s.personId())).toList());
        Future.all(health, audit, sessions)
                .onSuccess(both -> {
                    Map<String, Object> model = new HashMap<>();
                    model.put("m", merchant);
                    model.put("webhookUrl", nullToEmpty(merchant.webhookUrl()));
                    model.put("returnUrl", nullToEmpty(merchant.returnUrl()));
                    model.put("locale", nullToEmpty(merchant.locale()));
                    model.put("approvalThreshold", thresholdText(merchant));
                    model.put("health", health.result());
                    model.put("audit", audit.result().entries());
                    model.put("me", PortalPages.person(ctx).email());
                    byte[] current = PortalPages.sessionHash(ctx);
                    model.put(
                            "sessions",
                            sessions.result().stream()
                                    .map(s -> new io.walletpay.portal.SessionView(
                                            s, current != null && java.util.Arrays.equals(current, s.idHash())))
                                    .toList());
                    model.put(
                            "auditNext",
                            audit.result().hasMore()
                                    ? "/portal/settings?audit_after="
                                            + audit.result()
                                                    .entries()
                                                    .get(audit.result()
                                                                    .entries()
                                                                    .size()
                                                            - 1)
                                                    .id()
                                            + "#audit"
                                    : null);
                    model.put("notice", null);
                    model.put("error", null);
                    model.put("newSecret", null);
                    model.put("newSecretKind", null);
                    model.put("previousUntil", null);
                    model.put("serviceLanguage", pages.defaultLanguage());
                    // a rotation is asked for again before it happens: ?confirm=secret-key or webhook-secret
                    model.put("confirming", confirming(PortalPages.param(ctx, "confirm", 16)));
                    model.putAll(extra);
                    pages.render(ctx, status, "portal/settings.jte", model);
                })
                .onFailure(ctx::fail);
    }

    /** The approval threshold as the form shows it: the plain amount, empty when four eyes are off. */
    private static String thresholdText(Merchant merchant) {
        return merchant.approvalThreshold() == null
                ? ""
                : merchant.approvalThreshold().stripTrailingZeros().toPlainString();
    }

    private static String confirming(String asked) {
        return "secret-key".equals(asked) || "webhook-secret".equals(asked) ? asked : "";
    }

    private static Long auditCursor(String text) {
        return text.matches("[1-9]\\d{0,17}") ? Long.valueOf(text) : null;
    }

    private void save(RoutingContext ctx) {
        Merchant merchant = PortalPages.merchant(ctx);
        String webhookUrl = PortalPages.param(ctx, "webhook_url", MerchantUrls.MAX_LENGTH + 1);
        String returnUrl = PortalPages.param(ctx, "return_url", MerchantUrls.MAX_LENGTH + 1);
        String locale = PortalPages.param(ctx, "locale", 10);
        // four eyes hold in both modes: the threshold is set on the live row, and its test twin follows it; a form
        // without the field (not the settings page's) leaves it as it is rather than switching four eyes off
        String threshold = merchant.livemode() && ctx.request().getFormAttribute("approval_threshold") != null
                ? PortalPages.param(ctx, "approval_threshold", 24)
                : null;
        // the threshold is the owners' to set: a manager switching four eyes off could then refund alone
        if (threshold != null && !Permissions.allows(PortalPages.person(ctx).role(), Permission.APPROVAL_THRESHOLD)) {
            pages.message(ctx, 403, "denied.title", "denied.text");
            return;
        }
        MerchantChanges changes;
        try {
            changes = MerchantInput.settingsForm(merchant, webhookUrl, returnUrl, locale);
            if (threshold != null) {
                changes = MerchantInput.withThreshold(
                        changes,
                        merchant,
                        threshold.isBlank()
                                ? null
                                : io.walletpay.payment.TypedAmount.read(
                                        "approval_threshold",
                                        threshold,
                                        MerchantInput.MIN_APPROVAL_THRESHOLD,
                                        MerchantInput.MAX_APPROVAL_THRESHOLD));
            }
        } catch (ServiceException invalid) {
            refused(ctx, merchant, invalid, webhookUrl, returnUrl, locale, threshold);
            return;
        }
        settings.update(merchant.id(), changes, actor(ctx))
                .onSuccess(updated -> {
                    PortalPages.signedIn(ctx, updated);
                    show(ctx, updated, 200, Map.of("notice", pages.text(ctx).get("settings.saved")));
                })
                .onFailure(failure -> {
                    if (failure instanceof ServiceException invalid && invalid.kind() == ErrorKind.VALIDATION) {
                        refused(ctx, merchant, invalid, webhookUrl, returnUrl, locale, threshold);
                    } else {
                        ctx.fail(failure);
                    }
                });
    }

    /** The form again with what was typed and why it was refused, in the merchant's language; nothing saved. */
    private void refused(
            RoutingContext ctx,
            Merchant merchant,
            ServiceException invalid,
            String webhookUrl,
            String returnUrl,
            String locale,
            String threshold) {
        String field = invalid.field() == null ? "form" : invalid.field();
        PortalText t = pages.text(ctx);
        show(
                ctx,
                merchant,
                invalid.kind().status(),
                Map.of(
                        "error",
                        t.get("settings.invalid." + field),
                        "webhookUrl",
                        webhookUrl,
                        "returnUrl",
                        returnUrl,
                        "locale",
                        locale,
                        "approvalThreshold",
                        threshold == null ? thresholdText(merchant) : threshold));
    }

    private void rotateWebhookSecret(RoutingContext ctx) {
        webhookSecrets
                .rotate(PortalPages.merchant(ctx).id(), actor(ctx))
                .onSuccess(rotated -> show(
                        ctx,
                        rotated.merchant(),
                        200,
                        Map.of(
                                "newSecret",
                                rotated.webhookSecret(),
                                "newSecretKind",
                                "webhook",
                                "previousUntil",
                                pages.text(ctx).moment(rotated.previousActiveUntil()))))
                .onFailure(ctx::fail);
    }

    /**
     * The person's password typed again first, as for the payout number: a session taken from an unattended browser
     * must not be able to issue a key that moves money on the merchant's behalf.
     */
    private void rotateSecretKey(RoutingContext ctx) {
        // the portal's key is the session's own, the live one, in either mode; the test key is rotated by API
        Merchant merchant = PortalPages.liveMerchant(ctx);
        PortalPages.signedIn(ctx, merchant);
        String typed = ctx.request().getFormAttribute("password");
        passwordTypedAgain
                .check(
                        ctx,
                        typed,
                        (status, text) ->
                                show(ctx, merchant, status, Map.of("error", text, "confirming", "secret-key")))
                .onSuccess(verified -> {
                    if (verified) {
                        rotate(ctx, merchant);
                    }
                })
                .onFailure(ctx::fail);
    }

    private void rotate(RoutingContext ctx, Merchant merchant) {
        secretKeys
                .rotate(merchant.id(), actor(ctx))
                .onSuccess(rotated -> show(
                        ctx, rotated.merchant(), 200, Map.of("newSecret", rotated.secretKey(), "newSecretKind", "key")))
                .onFailure(ctx::fail);
    }

    /** Ends every session of the signed-in person, on every device, this one too: back to the login page. */
    private void signOutEverywhere(RoutingContext ctx) {
        stores.portalSessions()
                .endAllOf(PortalPages.person(ctx).id(), null)
                .onSuccess(ended -> {
                    ctx.response()
                            .addCookie(SignInPages.sessionCookie(pages, "").setMaxAge(0));
                    PortalPages.seeOther(ctx, "/portal/login");
                })
                .onFailure(ctx::fail);
    }

    private static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }
}
