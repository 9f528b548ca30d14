package io.walletpay.portal;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import io.vertx.ext.web.handler.CSRFHandler;
import io.walletpay.delivery.WebhookTester;
import io.walletpay.login.PersonLogin;
import io.walletpay.merchant.Merchant;
import io.walletpay.page.Language;
import io.walletpay.page.PageText;
import io.walletpay.report.DayTotal;
import io.walletpay.store.Stores;
import io.walletpay.usecase.ApiKeys;
import io.walletpay.usecase.ApproveTransfers;
import io.walletpay.usecase.AuditLog;
import io.walletpay.usecase.CancelPayment;
import io.walletpay.usecase.MoneyOut;
import io.walletpay.usecase.PaymentLinks;
import io.walletpay.usecase.RotateSecretKey;
import io.walletpay.usecase.RotateWebhookSecret;
import io.walletpay.usecase.SetPayoutPhone;
import io.walletpay.usecase.Team;
import io.walletpay.usecase.UpdateMerchantSettings;
import java.time.LocalDate;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;

/**
 * The merchant portal ({@code /portal/}): server-rendered pages in the person's language, no JavaScript. People
 * sign in with e-mail, password and a second factor ({@link SignInPages}); sessions live in PostgreSQL behind a
 * random cookie ({@link PortalSession}), so any node serves them and logging out ends them; every state-changing
 * form carries a token bound to its session ({@link SessionCsrf}); every route's permission is checked in one place
 * ({@link PortalAccess}). This class mounts them in that order and owns the overview; the other pages are
 * {@link PaymentPages}, {@link MoneyPages}, {@link WebhookPages}, {@link SettingsPages}, {@link LinkPages} and
 * {@link TeamPages}.
 */
public final class PortalRoutes {

    /** The use cases and store clients the portal works through: the same as the API's. */
    public record Services(
            Stores stores,
            PersonLogin personLogin,
            Team team,
            ApiKeys apiKeys,
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
        router.route("/portal/*").failureHandler(pages::failure);
        if (production) { // where public_base_url is the one address browsers use
            router.post("/portal/*").handler(this::sameOrigin);
        }
        // the doors before a session: vertx-web's CSRF handler; every page after them has the session's own token
        CSRFHandler doors = CSRFHandler.create(vertx, sessions.derived("csrf"))
                .setCookieName("walletpay_portal_csrf")
                .setCookiePath("/portal")
                .setCookieHttpOnly(true)
                .setCookieSecure(pages.secure())
                .setNagHttps(false);
        router.route("/portal/login").handler(doors);
        router.route("/portal/invite/*").handler(doors);
        SignInPages signIn = new SignInPages(
                pages,
                stores,
                services.personLogin(),
                services.team(),
                new SessionCsrf(new SessionKey(sessions.derived("session csrf"))),
                new SessionKey(sessions.derived("totp enrolment")));
        signIn.mountDoors(router);
        router.route("/portal/*").handler(signIn::requireSession);
        router.route("/portal/*").handler(new PortalAccess(pages)::check);
        router.get("/portal/").handler(this::overview);
        router.post("/portal/mode").handler(this::switchMode);
        PaymentPages payments = new PaymentPages(pages, stores, services.cancellation());
        payments.mount(router);
        new MoneyPages(
                        pages,
                        stores,
                        services.personLogin(),
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
                        services.personLogin(),
                        services.failingAfterHours())
                .mount(router);
        new LinkPages(pages, services.links()).mount(router);
        new TeamPages(pages, stores, services.team()).mount(router);
        new KeyPages(pages, services.apiKeys()).mount(router);
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
