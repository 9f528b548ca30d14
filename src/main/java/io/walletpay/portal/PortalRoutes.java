package io.walletpay.portal;

import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.Cookie;
import io.vertx.core.http.CookieSameSite;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import io.vertx.ext.web.handler.CSRFHandler;
import io.vertx.ext.web.templ.jte.JteTemplateEngine;
import io.walletpay.bus.PaymentMessages.ListPayments;
import io.walletpay.bus.PortalMessages.Summary;
import io.walletpay.bus.StoreClients;
import io.walletpay.login.LoginThrottle;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.Secrets;
import io.walletpay.page.Language;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The merchant portal ({@code /portal/}, DESIGN section 11): server-rendered pages in the merchant's language, no
 * JavaScript. Sessions live in an encrypted cookie ({@link PortalSession}); every state-changing form carries a
 * vertx-web CSRF token; every page without a session sends the browser to the login page.
 */
public final class PortalRoutes {

    private static final Logger log = LoggerFactory.getLogger(PortalRoutes.class);
    private static final JteTemplateEngine ENGINE =
            JteTemplateEngine.create(TemplateEngine.createPrecompiled(ContentType.Html));
    private static final String CSRF_FIELD = CSRFHandler.DEFAULT_HEADER_NAME;
    private static final String LANG_COOKIE = "walletpay_portal_lang";
    private static final String POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:;"
            + " base-uri 'none'; frame-ancestors 'none'; form-action 'self'";
    private static final UUID NO_MERCHANT = new UUID(0L, 0L);
    private static final int PAGE_SIZE = 50;
    private static final String SESSION_MERCHANT = "portal.merchant";

    private final Vertx vertx;
    private final StoreClients stores;
    private final LoginThrottle logins;
    private final PortalSession sessions;
    private final boolean secure;
    private final Language defaultLanguage;
    private final io.walletpay.usecase.CancelPayment cancellation;

    public PortalRoutes(
            Vertx vertx,
            StoreClients stores,
            LoginThrottle logins,
            String sessionKeySeed,
            String publicBaseUrl,
            Language defaultLanguage,
            io.walletpay.checkout.WalletProvider provider) {
        this.vertx = vertx;
        this.cancellation = new io.walletpay.usecase.CancelPayment(stores.payments(), provider);
        this.stores = stores;
        this.logins = logins;
        this.sessions = new PortalSession(sessionKeySeed, Duration.ofMinutes(30));
        this.secure = publicBaseUrl.startsWith("https:");
        this.defaultLanguage = defaultLanguage;
    }

    public void mount(Router router) {
        router.route("/portal/*").handler(BodyHandler.create(false).setBodyLimit(16 * 1024));
        router.route("/portal/*")
                .handler(CSRFHandler.create(vertx, sessionSeedForCsrf())
                        .setCookieName("walletpay_portal_csrf")
                        .setCookiePath("/portal")
                        .setCookieHttpOnly(true)
                        .setCookieSecure(secure)
                        .setNagHttps(false));
        router.route("/portal/*").failureHandler(this::failure);
        router.get("/portal/login").handler(this::loginPage);
        router.post("/portal/login").handler(this::login);
        router.post("/portal/logout").handler(this::logout);
        router.route("/portal/*").handler(this::requireSession);
        router.get("/portal/").handler(this::overview);
        router.get("/portal/payments").handler(this::payments);
        router.get("/portal/payments/:id").handler(ctx -> paymentPage(ctx, null));
        router.post("/portal/payments/:id/cancel").handler(this::cancel);
        router.post("/portal/payments/:id/redeliver").handler(this::redeliver);
    }

    /** The same on every node with the same configuration, so a token from one node passes on another. */
    private String sessionSeedForCsrf() {
        return sessions.derived("csrf");
    }

    // ---- login / logout ----

    private void loginPage(RoutingContext ctx) {
        if (currentSession(ctx).isPresent()) {
            seeOther(ctx, "/portal/");
            return;
        }
        renderLogin(ctx, 200, null, "");
    }

    private void renderLogin(RoutingContext ctx, int status, String error, String merchantId) {
        PortalText t = text(ctx);
        Map<String, Object> model = new HashMap<>();
        model.put("t", t);
        model.put("csrf", csrf(ctx));
        model.put("error", error);
        model.put("merchantId", merchantId);
        send(ctx, status, ENGINE.render(model, "portal/login.jte"));
    }

    private void login(RoutingContext ctx) {
        String merchantId = trimmed(ctx.request().getFormAttribute("merchant_id"), 64);
        String secretKey = trimmed(ctx.request().getFormAttribute("secret_key"), 256);
        PortalText t = text(ctx);
        String source = ctx.request().remoteAddress().hostAddress();
        Optional<Duration> wait = logins.blocked(source, merchantId);
        if (wait.isPresent()) {
            long seconds = Math.max(1, (wait.get().toMillis() + 999) / 1000);
            ctx.response().putHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
            renderLogin(ctx, 429, t.get("login.throttled", seconds), merchantId);
            return;
        }
        UUID id = parseUuid(merchantId);
        // the same cost for an unknown id as for a wrong secret, like the token endpoint
        stores.merchants()
                .credentials(id == null ? NO_MERCHANT : id)
                .onSuccess(credentials -> {
                    Merchant merchant = credentials.merchant();
                    if (!Secrets.matches(secretKey, credentials.secretHash()) || !merchant.active()) {
                        logins.failed(source, merchantId);
                        renderLogin(ctx, 401, t.get("login.failed"), merchantId);
                        return;
                    }
                    writeSession(
                            ctx, new PortalSession.Session(merchant.id(), merchant.secretKeyVersion(), Instant.now()));
                    seeOther(ctx, "/portal/");
                })
                .onFailure(ctx::fail);
    }

    private void logout(RoutingContext ctx) {
        ctx.response().addCookie(sessionCookie("").setMaxAge(0));
        seeOther(ctx, "/portal/login");
    }

    // ---- session ----

    private Optional<PortalSession.Session> currentSession(RoutingContext ctx) {
        Cookie cookie = ctx.request().getCookie(PortalSession.COOKIE);
        return sessions.open(cookie == null ? null : cookie.getValue(), Instant.now());
    }

    private void writeSession(RoutingContext ctx, PortalSession.Session session) {
        ctx.response().addCookie(sessionCookie(sessions.seal(session)));
    }

    private Cookie sessionCookie(String value) {
        return Cookie.cookie(PortalSession.COOKIE, value)
                .setPath("/portal")
                .setHttpOnly(true)
                .setSecure(secure)
                .setSameSite(CookieSameSite.LAX);
    }

    /** Every page after this needs a live session of an active merchant whose secret key has not been rotated. */
    private void requireSession(RoutingContext ctx) {
        Optional<PortalSession.Session> session = currentSession(ctx);
        if (session.isEmpty()) {
            // a language asked for on the way in is kept for the login page
            Optional<Language> asked = Language.fromTag(ctx.request().getParam("lang"));
            seeOther(ctx, asked.map(l -> "/portal/login?lang=" + l.tag()).orElse("/portal/login"));
            return;
        }
        stores.merchants()
                .get(session.get().merchantId())
                .onSuccess(merchant -> {
                    if (!merchant.active()
                            || merchant.secretKeyVersion() != session.get().keyVersion()) {
                        ctx.response().addCookie(sessionCookie("").setMaxAge(0));
                        seeOther(ctx, "/portal/login");
                        return;
                    }
                    writeSession(
                            ctx, new PortalSession.Session(merchant.id(), merchant.secretKeyVersion(), Instant.now()));
                    ctx.put(SESSION_MERCHANT, merchant);
                    ctx.next();
                })
                .onFailure(failure -> seeOther(ctx, "/portal/login"));
    }

    private static Merchant merchant(RoutingContext ctx) {
        return ctx.get(SESSION_MERCHANT);
    }

    // ---- pages ----

    private void overview(RoutingContext ctx) {
        Merchant merchant = merchant(ctx);
        java.time.ZonedDateTime now = java.time.ZonedDateTime.now(io.walletpay.page.PageText.HAITI);
        java.time.OffsetDateTime end = now.toOffsetDateTime().plusSeconds(1);
        java.time.ZonedDateTime today = now.toLocalDate().atStartOfDay(io.walletpay.page.PageText.HAITI);
        Future<Summary> day = summarize(merchant, today, end);
        Future<Summary> week = summarize(merchant, today.minusDays(6), end);
        Future<Summary> month = summarize(merchant, today.minusDays(29), end);
        Future.all(day, week, month)
                .onSuccess(all -> {
                    OverviewView view = new OverviewView(
                            merchant.name(),
                            List.of(
                                    OverviewView.period("today", day.result()),
                                    OverviewView.period("week", week.result()),
                                    OverviewView.period("month", month.result())),
                            OverviewView.bars(month.result(), now));
                    Map<String, Object> model = new HashMap<>();
                    model.put("t", text(ctx));
                    model.put("csrf", csrf(ctx));
                    model.put("v", view);
                    send(ctx, 200, ENGINE.render(model, "portal/overview.jte"));
                })
                .onFailure(ctx::fail);
    }

    private Future<Summary> summarize(Merchant merchant, java.time.ZonedDateTime from, java.time.OffsetDateTime to) {
        return stores.summarize(merchant.id(), from.toOffsetDateTime(), to);
    }

    private void payments(RoutingContext ctx) {
        String statusText = trimmed(ctx.request().getParam("status"), 32);
        String reference = trimmed(ctx.request().getParam("reference"), 128);
        String after = trimmed(ctx.request().getParam("after"), 64);
        PaymentStatus status = null;
        if (!statusText.isEmpty()) {
            Optional<PaymentStatus> parsed = PaymentStatus.fromWire(statusText);
            if (parsed.isEmpty()) {
                badRequest(ctx);
                return;
            }
            status = parsed.get();
        }
        UUID startingAfter = null;
        if (!after.isEmpty()) {
            startingAfter = parseUuid(after);
            if (startingAfter == null) {
                badRequest(ctx);
                return;
            }
        }
        PaymentStatus wanted = status;
        stores.payments()
                .list(new ListPayments(
                        merchant(ctx).id(), reference.isEmpty() ? null : reference, wanted, PAGE_SIZE, startingAfter))
                .onSuccess(page -> {
                    List<Payment> payments = page.payments();
                    String next = null;
                    if (page.hasMore() && !payments.isEmpty()) {
                        next = "/portal/payments?status=" + encode(statusText) + "&reference=" + encode(reference)
                                + "&after=" + payments.get(payments.size() - 1).id();
                    }
                    Map<String, Object> model = new HashMap<>();
                    model.put("t", text(ctx));
                    model.put("csrf", csrf(ctx));
                    model.put("payments", payments);
                    model.put("status", statusText);
                    model.put("reference", reference);
                    model.put("nextHref", next);
                    send(ctx, 200, ENGINE.render(model, "portal/payments.jte"));
                })
                .onFailure(ctx::fail);
    }

    private void paymentPage(RoutingContext ctx, String notice) {
        UUID id = parseUuid(ctx.pathParam("id"));
        if (id == null) {
            message(ctx, 404, "notfound.title", "notfound.text");
            return;
        }
        UUID merchantId = merchant(ctx).id();
        Future<Payment> payment = stores.payments().get(merchantId, id);
        Future<io.walletpay.bus.DeliveryMessages.DeliveryPage> deliveries = stores.deliveries()
                .list(new io.walletpay.bus.DeliveryMessages.ListDeliveries(merchantId, null, id, 100, null));
        Future.all(payment, deliveries)
                .onSuccess(both -> {
                    Map<String, Object> model = new HashMap<>();
                    PortalText t = text(ctx);
                    model.put("t", t);
                    model.put("csrf", csrf(ctx));
                    model.put("p", payment.result());
                    model.put("deliveries", deliveries.result().deliveries());
                    model.put("notice", notice == null ? null : t.get(notice));
                    send(ctx, 200, ENGINE.render(model, "portal/payment.jte"));
                })
                .onFailure(ctx::fail);
    }

    /** The API's cancel use case, scoped to the session's merchant; the page then shows the payment as it is. */
    private void cancel(RoutingContext ctx) {
        UUID id = parseUuid(ctx.pathParam("id"));
        if (id == null) {
            message(ctx, 404, "notfound.title", "notfound.text");
            return;
        }
        cancellation
                .cancel(merchant(ctx).id(), id)
                .onSuccess(cancelled -> paymentPage(ctx, "payment.cancelled"))
                .onFailure(ctx::fail);
    }

    private void redeliver(RoutingContext ctx) {
        UUID id = parseUuid(ctx.pathParam("id"));
        UUID delivery = parseUuid(trimmed(ctx.request().getFormAttribute("delivery_id"), 64));
        if (id == null || delivery == null) {
            badRequest(ctx);
            return;
        }
        stores.deliveries()
                .redeliver(merchant(ctx).id(), delivery)
                .onSuccess(queued -> paymentPage(ctx, "payment.redelivered"))
                .onFailure(ctx::fail);
    }

    private void badRequest(RoutingContext ctx) {
        message(ctx, 400, "bad.title", "bad.text");
    }

    private void failure(RoutingContext ctx) {
        int status = ctx.statusCode();
        if (status == 403) {
            // CSRFHandler: a missing, forged or expired token; nothing ran
            message(ctx, 403, "forbidden.title", "forbidden.text");
            return;
        }
        if (status == 413 || status == 400) {
            message(ctx, status, "bad.title", "bad.text");
            return;
        }
        if (ctx.failure() instanceof io.walletpay.error.ServiceException error) {
            switch (error.kind()) {
                case NOT_FOUND, FORBIDDEN -> {
                    message(ctx, 404, "notfound.title", "notfound.text");
                    return;
                }
                case CONFLICT, GONE -> {
                    message(ctx, 409, "conflict.title", "conflict.text");
                    return;
                }
                case VALIDATION -> {
                    message(ctx, 400, "bad.title", "bad.text");
                    return;
                }
                default -> {}
            }
        }
        ctx.next();
    }

    private void message(RoutingContext ctx, int status, String titleKey, String textKey) {
        PortalText t = text(ctx);
        Map<String, Object> model = new HashMap<>();
        model.put("t", t);
        model.put("title", t.get(titleKey));
        model.put("text", t.get(textKey));
        send(ctx, status, ENGINE.render(model, "portal/message.jte"));
    }

    // ---- helpers ----

    private PortalText text(RoutingContext ctx) {
        String asked = ctx.request().getParam("lang");
        if (asked == null) {
            asked = ctx.request().getFormAttribute("lang");
        }
        Optional<Language> chosen = Language.fromTag(asked);
        if (chosen.isPresent()) {
            ctx.response()
                    .addCookie(Cookie.cookie(LANG_COOKIE, chosen.get().tag())
                            .setPath("/portal")
                            .setMaxAge(365L * 24 * 3600)
                            .setHttpOnly(true)
                            .setSecure(secure)
                            .setSameSite(CookieSameSite.LAX));
            return new PortalText(chosen.get());
        }
        Cookie cookie = ctx.request().getCookie(LANG_COOKIE);
        if (cookie != null) {
            Optional<Language> remembered = Language.fromTag(cookie.getValue());
            if (remembered.isPresent()) {
                return new PortalText(remembered.get());
            }
        }
        Merchant merchant = ctx.get(SESSION_MERCHANT);
        if (merchant != null) {
            Optional<Language> own = Language.fromTag(merchant.locale());
            if (own.isPresent()) {
                return new PortalText(own.get());
            }
        }
        return new PortalText(defaultLanguage);
    }

    private static String csrf(RoutingContext ctx) {
        String token = ctx.get(CSRF_FIELD);
        if (token == null) {
            token = ctx.request().getFormAttribute(CSRF_FIELD);
        }
        return token == null ? "" : token;
    }

    private static void send(RoutingContext ctx, int status, Future<Buffer> html) {
        html.onSuccess(page -> {
                    if (!ctx.response().ended()) {
                        ctx.response()
                                .setStatusCode(status)
                                .putHeader(HttpHeaders.CONTENT_TYPE, "text/html; charset=utf-8")
                                .putHeader(HttpHeaders.CACHE_CONTROL, "no-store")
                                .putHeader("Referrer-Policy", "no-referrer")
                                .putHeader("X-Frame-Options", "DENY")
                                .putHeader("X-Content-Type-Options", "nosniff")
                                .putHeader("Content-Security-Policy", POLICY)
                                .end(page);
                    }
                })
                .onFailure(failure -> {
                    log.error("portal page could not be rendered", failure);
                    if (!ctx.response().ended() && !ctx.response().headWritten()) {
                        ctx.response().setStatusCode(500).end();
                    }
                });
    }

    private static void seeOther(RoutingContext ctx, String location) {
        ctx.response()
                .setStatusCode(303)
                .putHeader(HttpHeaders.LOCATION, location)
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-store")
                .end();
    }

    private static String trimmed(String value, int max) {
        if (value == null) {
            return "";
        }
        String stripped = value.strip();
        return stripped.length() > max ? stripped.substring(0, max) : stripped;
    }

    private static UUID parseUuid(String text) {
        if (text == null || text.length() != 36) {
            return null;
        }
        try {
            return UUID.fromString(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
