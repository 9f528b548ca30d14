package io.walletpay.portal;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.Cookie;
import io.vertx.core.http.CookieSameSite;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import io.vertx.ext.web.handler.CSRFHandler;
import io.walletpay.delivery.WebhookTester;
import io.walletpay.error.ErrorKind;
import io.walletpay.login.MerchantLogin;
import io.walletpay.merchant.Merchant;
import io.walletpay.net.AskedLanguage;
import io.walletpay.net.ClientAddress;
import io.walletpay.page.Language;
import io.walletpay.page.PageText;
import io.walletpay.report.DayTotal;
import io.walletpay.store.PortalSessionStore;
import io.walletpay.store.Stores;
import io.walletpay.usecase.ApproveTransfers;
import io.walletpay.usecase.AuditLog;
import io.walletpay.usecase.CancelPayment;
import io.walletpay.usecase.MoneyOut;
import io.walletpay.usecase.PaymentLinks;
import io.walletpay.usecase.RotateSecretKey;
import io.walletpay.usecase.RotateWebhookSecret;
import io.walletpay.usecase.SetPayoutPhone;
import io.walletpay.usecase.UpdateMerchantSettings;
import java.time.LocalDate;
import java.time.ZonedDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The merchant portal ({@code /portal/}): server-rendered pages in the merchant's language, no JavaScript.
 * Sessions live in PostgreSQL behind a random cookie ({@link PortalSession}), so any node serves them and logging
 * out ends them; every state-changing form carries a vertx-web CSRF token; every page without a session sends the
 * browser to the login page. This class owns the doors (login, logout, the session check) and the overview; the other pages are
 * {@link PaymentPages}, {@link WebhookPages}, {@link SettingsPages} and {@link LinkPages}.
 */
public final class PortalRoutes {

    /** The use cases and store clients the portal works through: the same as the API's. */
    public record Services(
            Stores stores,
            MerchantLogin login,
            CancelPayment cancellation,
            PaymentLinks links,
            UpdateMerchantSettings settings,
            RotateWebhookSecret webhookSecrets,
            RotateSecretKey secretKeys,
            MoneyOut moneyOut,
            SetPayoutPhone payoutPhone,
            ApproveTransfers approvals,
            AuditLog auditLog,
            WebhookTester tester,
            int failingAfterHours) {}

    private final Vertx vertx;
    private final Services services;
    private final Stores stores;
    private final MerchantLogin login;
    private final PortalSession sessions;
    private final PortalPages pages;
    private final String ownOrigin;
    private final boolean production;

    public PortalRoutes(
            Vertx vertx,
            Services services,
            String sessionKeySeed,
            String publicBaseUrl,
            Language defaultLanguage,
            boolean production) {
        this.vertx = vertx;
        this.services = services;
        this.stores = services.stores();
        this.login = services.login();
        this.sessions = new PortalSession(sessionKeySeed);
        this.pages = new PortalPages(publicBaseUrl.startsWith("https:"), defaultLanguage);
        java.net.URI base = java.net.URI.create(publicBaseUrl);
        this.ownOrigin = base.getScheme() + "://" + base.getRawAuthority();
        this.production = production;
    }

    /**
     * In production a form must come from the portal's own origin ({@code public_base_url}): a browser names where a POST
     * comes from in {@code Origin}, and one from elsewhere is refused like a forged form (403, nothing changed),
     * besides the CSRF token. A request without the header (an old browser, a script) still needs that token.
     */
    private void sameOrigin(RoutingContext ctx) {
        String origin = ctx.request().getHeader("Origin");
        if (origin != null && !origin.equalsIgnoreCase(ownOrigin)) {
            ctx.fail(403);
            return;
        }
        ctx.next();
    }

    public void mount(Router router) {
        router.route("/portal/*").handler(BodyHandler.create(false).setBodyLimit(16 * 1024));
        router.route("/portal/*")
                .handler(CSRFHandler.create(vertx, sessions.derived("csrf"))
                        .setCookieName("walletpay_portal_csrf")
                        .setCookiePath("/portal")
                        .setCookieHttpOnly(true)
                        .setCookieSecure(pages.secure())
                        .setNagHttps(false));
        router.route("/portal/*").failureHandler(pages::failure);
        if (production) { // where public_base_url is the one address browsers use
            router.post("/portal/*").handler(this::sameOrigin);
        }
        router.get("/portal/login").handler(this::loginPage);
        router.post("/portal/login").handler(this::login);
        router.post("/portal/logout").handler(this::logout);
        router.route("/portal/*").handler(this::requireSession);
        router.get("/portal/").handler(this::overview);
        router.post("/portal/mode").handler(this::switchMode);
        PaymentPages payments = new PaymentPages(pages, stores, services.cancellation());
        payments.mount(router);
        new MoneyPages(
                        pages,
                        stores,
                        login,
                        payments,
                        services.moneyOut(),
                        services.payoutPhone(),
                        services.approvals())
                .mount(router);
        new WebhookPages(pages, stores, services.tester(), services.failingAfterHours()).mount(router);
        new SettingsPages(
                        pages,
                        stores,
                        services.settings(),
                        services.webhookSecrets(),
                        services.secretKeys(),
                        services.auditLog(),
                        login,
                        services.failingAfterHours(),
                        this::renewSession,
                        this::endEverySession)
                .mount(router);
        new LinkPages(pages, services.links()).mount(router);
    }

    // ---- login / logout ----

    private void loginPage(RoutingContext ctx) {
        byte[] hash = cookieHash(ctx);
        if (hash == null) {
            renderLogin(ctx, 200, null, "");
            return;
        }
        stores.portalSessions()
                .use(hash, PortalSession.LIFETIMES)
                .onSuccess(session -> {
                    if (session.isPresent()) {
                        PortalPages.seeOther(ctx, "/portal/"); // signed in already
                    } else {
                        renderLogin(ctx, 200, null, "");
                    }
                })
                .onFailure(ctx::fail);
    }

    private void renderLogin(RoutingContext ctx, int status, String error, String merchantId) {
        Map<String, Object> model = new HashMap<>();
        model.put("error", error);
        model.put("merchantId", merchantId);
        pages.render(ctx, status, "portal/login.jte", model);
    }

    private void login(RoutingContext ctx) {
        String merchantId = PortalPages.trimmed(ctx.request().getFormAttribute("merchant_id"), 64);
        String secretKey = PortalPages.trimmed(ctx.request().getFormAttribute("secret_key"), 256);
        PortalText t = pages.text(ctx);
        String source = ClientAddress.of(ctx);
        login.attempt(source, merchantId, PortalPages.parseUuid(merchantId), secretKey)
                .onSuccess(outcome -> {
                    if (outcome instanceof MerchantLogin.Throttled throttled) {
                        long seconds = throttled.retryAfterSeconds();
                        ctx.response().putHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
                        renderLogin(ctx, 429, t.get("login.throttled", seconds), merchantId);
                        return;
                    }
                    if (!(outcome instanceof MerchantLogin.Verified verified)) {
                        renderLogin(ctx, ErrorKind.UNAUTHORIZED.status(), t.get("login.failed"), merchantId);
                        return;
                    }
                    // the portal signs in with the live key; test mode is its switch, not another key
                    if (!verified.merchant().active() || !verified.merchant().livemode()) {
                        login.failed(source, merchantId); // a disabled merchant is refused like a wrong secret
                        renderLogin(ctx, ErrorKind.UNAUTHORIZED.status(), t.get("login.failed"), merchantId);
                        return;
                    }
                    openSession(ctx, verified.merchant())
                            .onSuccess(opened -> PortalPages.seeOther(ctx, "/portal/"))
                            .onFailure(ctx::fail);
                })
                .onFailure(ctx::fail);
    }

    /** Ends this browser's session in the store, so a copy of its cookie is refused from now on. */
    private void logout(RoutingContext ctx) {
        byte[] hash = cookieHash(ctx);
        Future<Void> ended = hash == null
                ? Future.succeededFuture()
                : stores.portalSessions().end(hash);
        ended.onSuccess(done -> {
                    ctx.response().addCookie(sessionCookie("").setMaxAge(0));
                    PortalPages.seeOther(ctx, "/portal/login");
                })
                .onFailure(ctx::fail);
    }

    // ---- session ----

    private static byte[] cookieHash(RoutingContext ctx) {
        Cookie cookie = ctx.request().getCookie(PortalSession.COOKIE);
        return PortalSession.hashOf(cookie == null ? null : cookie.getValue());
    }

    /** A new session for {@code merchant} under its current key, its cookie set on the answer. */
    private Future<Void> openSession(RoutingContext ctx, Merchant merchant) {
        String id = PortalSession.newId();
        String agent = ctx.request().getHeader("User-Agent");
        return stores.portalSessions()
                .open(
                        PortalSession.hashOf(id),
                        merchant.id(),
                        merchant.secretKeyVersion(),
                        ClientAddress.of(ctx),
                        agent == null ? null : PortalPages.trimmed(agent, 300))
                .onSuccess(opened -> ctx.response().addCookie(sessionCookie(id)));
    }

    /**
     * After this browser rotated the secret key: every session of the merchant ends, and this browser goes on in
     * a new one under the new key.
     */
    private Future<Void> renewSession(RoutingContext ctx, Merchant merchant) {
        return stores.portalSessions().endAll(merchant.id(), null).compose(ended -> openSession(ctx, merchant));
    }

    /** "Sign out everywhere": every session of the merchant ends, this one too. */
    private Future<Void> endEverySession(RoutingContext ctx, Merchant merchant) {
        return stores.portalSessions()
                .endAll(merchant.id(), null)
                .onSuccess(ended -> ctx.response().addCookie(sessionCookie("").setMaxAge(0)))
                .mapEmpty();
    }

    private Cookie sessionCookie(String value) {
        return Cookie.cookie(PortalSession.COOKIE, value)
                .setPath("/portal")
                .setHttpOnly(true)
                .setSecure(pages.secure())
                .setSameSite(CookieSameSite.LAX);
    }

    /**
     * Every page after this needs a live session (used now, so its idle time counts from this page) of an active
     * merchant whose secret key has not been rotated since it began.
     */
    private void requireSession(RoutingContext ctx) {
        byte[] hash = cookieHash(ctx);
        Future<Optional<PortalSessionStore.PortalSession>> session = hash == null
                ? Future.succeededFuture(Optional.empty())
                : stores.portalSessions().use(hash, PortalSession.LIFETIMES);
        session.onFailure(ctx::fail).onSuccess(found -> {
            if (found.isEmpty()) {
                // a language asked for on the way in is kept for the login page
                Optional<Language> asked = Language.fromTag(AskedLanguage.of(ctx));
                ctx.response().addCookie(sessionCookie("").setMaxAge(0));
                PortalPages.seeOther(
                        ctx, asked.map(l -> "/portal/login?lang=" + l.tag()).orElse("/portal/login"));
                return;
            }
            stores.merchants()
                    .get(found.get().merchantId())
                    .onSuccess(merchant -> {
                        if (!merchant.active()
                                || merchant.secretKeyVersion() != found.get().keyVersion()) {
                            stores.portalSessions().end(hash);
                            ctx.response().addCookie(sessionCookie("").setMaxAge(0));
                            PortalPages.seeOther(ctx, "/portal/login");
                            return;
                        }
                        PortalPages.signedIn(ctx, merchant);
                        PortalPages.inSession(ctx, hash);
                        if (found.get().livemode()) {
                            ctx.next();
                            return;
                        }
                        // test mode: the pages act on the merchant's test twin, the session stays the merchant's
                        stores.merchants()
                                .twin(merchant.id())
                                .onSuccess(twin -> {
                                    PortalPages.actingInTestMode(ctx, merchant, twin);
                                    ctx.next();
                                })
                                .onFailure(ctx::fail);
                    })
                    .onFailure(failure -> PortalPages.seeOther(ctx, "/portal/login"));
        });
    }

    /**
     * The test-mode switch: {@code livemode=false} makes the session act on the merchant's test twin, anything else
     * on the live merchant; back to the overview of the mode chosen.
     */
    private void switchMode(RoutingContext ctx) {
        boolean livemode = !"false".equals(ctx.request().getFormAttribute("livemode"));
        stores.portalSessions()
                .switchMode(PortalPages.sessionHash(ctx), livemode)
                .onSuccess(switched -> PortalPages.seeOther(ctx, "/portal/"))
                .onFailure(ctx::fail);
    }

    private void overview(RoutingContext ctx) {
        Merchant merchant = PortalPages.merchant(ctx);
        ZonedDateTime now = ZonedDateTime.now(PageText.HAITI);
        LocalDate today = now.toLocalDate();
        Future<List<DayTotal>> month = stores.reports().dailyTotals(merchant.id(), today.minusDays(29), today);
        Future<io.walletpay.money.Balance> balance = stores.transfers().balance(merchant.id());
        Future.all(month, balance)
                .onSuccess(all -> {
                    List<DayTotal> days = month.result();
                    OverviewView view = new OverviewView(
                            merchant.name(),
                            List.of(
                                    OverviewView.period("today", days, today),
                                    OverviewView.period("week", days, today.minusDays(6)),
                                    OverviewView.period("month", days, today.minusDays(29))),
                            OverviewView.bars(days, now),
                            balance.result());
                    pages.render(ctx, 200, "portal/overview.jte", Map.of("v", view));
                })
                .onFailure(ctx::fail);
    }
}
