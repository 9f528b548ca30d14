package io.walletpay.portal;

import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.Cookie;
import io.vertx.core.http.CookieSameSite;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.CSRFHandler;
import io.vertx.ext.web.templ.jte.JteTemplateEngine;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.Merchant;
import io.walletpay.net.AskedLanguage;
import io.walletpay.page.Language;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every portal page shares: the merchant's language, the CSRF token for its forms, rendering a template with the
 * portal's security headers, the page for a refusal, and reading form and query values. One instance per router.
 */
final class PortalPages {

    private static final Logger log = LoggerFactory.getLogger(PortalPages.class);
    private static final JteTemplateEngine ENGINE =
            JteTemplateEngine.create(TemplateEngine.createPrecompiled(ContentType.Html));
    static final String CSRF_FIELD = CSRFHandler.DEFAULT_HEADER_NAME;
    private static final String LANG_COOKIE = "walletpay_portal_lang";
    private static final String SESSION_MERCHANT = "portal.merchant";
    // inline SVG (chart, QR codes) needs no img-src; styles are inline in the layout; nothing else loads
    private static final String POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:;"
            + " base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

    private final boolean secure;
    private final Language defaultLanguage;

    PortalPages(boolean secure, Language defaultLanguage) {
        this.secure = secure;
        this.defaultLanguage = defaultLanguage;
    }

    boolean secure() {
        return secure;
    }

    // ---- the signed-in merchant ----

    static void signedIn(RoutingContext ctx, Merchant merchant) {
        ctx.put(SESSION_MERCHANT, merchant);
    }

    /** The merchant row the page acts on: the live merchant, or its test twin while the session is in test mode. */
    static Merchant merchant(RoutingContext ctx) {
        return ctx.get(SESSION_MERCHANT);
    }

    /**
     * In test mode, the session's own (live) merchant beside the twin it acts on: who signed in, whose key and
     * sessions the settings show.
     */
    static void actingInTestMode(RoutingContext ctx, Merchant live, Merchant twin) {
        ctx.put(SESSION_LIVE_MERCHANT, live);
        ctx.put(SESSION_MERCHANT, twin);
    }

    /** The session's own merchant, the live row, whichever mode the page acts in. */
    static Merchant liveMerchant(RoutingContext ctx) {
        Merchant live = ctx.get(SESSION_LIVE_MERCHANT);
        return live != null ? live : merchant(ctx);
    }

    private static final String SESSION_LIVE_MERCHANT = "walletpay.portal.live-merchant";

    /** The session this request came in (what the store knows it by), so a page can tell it from the others. */
    static void inSession(RoutingContext ctx, byte[] sessionHash) {
        ctx.put(SESSION_HASH, sessionHash);
    }

    static byte[] sessionHash(RoutingContext ctx) {
        return ctx.get(SESSION_HASH);
    }

    private static final String SESSION_HASH = "walletpay.portal.session-hash";

    static void signedInAs(RoutingContext ctx, io.walletpay.people.Person person) {
        ctx.put(SESSION_PERSON, person);
    }

    /** The person signed in. */
    static io.walletpay.people.Person person(RoutingContext ctx) {
        return ctx.get(SESSION_PERSON);
    }

    private static final String SESSION_PERSON = "walletpay.portal.person";

    /** Who acts through this page, as the audit log and the four-eyes rule name them. */
    static io.walletpay.merchant.Actor actor(RoutingContext ctx) {
        return io.walletpay.merchant.Actor.person(person(ctx).email(), io.walletpay.net.ClientAddress.of(ctx));
    }

    // ---- rendering ----

    /** Renders {@code template} with {@code model} plus the language ({@code t}) and the form token ({@code csrf}). */
    void render(RoutingContext ctx, int status, String template, Map<String, Object> model) {
        Map<String, Object> full = new HashMap<>(model);
        full.putIfAbsent("t", text(ctx));
        full.putIfAbsent("csrf", csrf(ctx));
        Merchant acting = merchant(ctx);
        full.putIfAbsent("testmode", acting != null && !acting.livemode());
        io.walletpay.people.Person person = person(ctx);
        full.putIfAbsent(
                "can",
                person == null
                        ? io.walletpay.people.Permissions.Granted.NOBODY
                        : io.walletpay.people.Permissions.of(person.role()));
        send(ctx, status, ENGINE.render(full, template));
    }

    /** A page that only says something: a refusal, a conflict, a missing payment. */
    void message(RoutingContext ctx, int status, String titleKey, String textKey) {
        PortalText t = text(ctx);
        render(ctx, status, "portal/message.jte", Map.of("title", t.get(titleKey), "text", t.get(textKey)));
    }

    void badRequest(RoutingContext ctx) {
        message(ctx, ErrorKind.VALIDATION.status(), "bad.title", "bad.text");
    }

    void notFound(RoutingContext ctx) {
        message(ctx, ErrorKind.NOT_FOUND.status(), "notfound.title", "notfound.text");
    }

    /**
     * The portal's failure handler: every refusal is a page in the merchant's language. CSRFHandler's 403 means
     * nothing ran; another merchant's object is "not found", exactly like an unknown one.
     */
    void failure(RoutingContext ctx) {
        int status = ctx.statusCode();
        if (status == 403) {
            message(ctx, ErrorKind.FORBIDDEN.status(), "forbidden.title", "forbidden.text");
            return;
        }
        if (status == 413 || status == 400) {
            message(ctx, status, "bad.title", "bad.text");
            return;
        }
        if (ctx.failure() instanceof ServiceException error) {
            switch (error.kind()) {
                case NOT_FOUND, FORBIDDEN -> {
                    notFound(ctx); // another merchant's object is not found, like an unknown one
                    return;
                }
                case CONFLICT, GONE -> {
                    message(ctx, ErrorKind.CONFLICT.status(), "conflict.title", "conflict.text");
                    return;
                }
                case VALIDATION -> {
                    badRequest(ctx);
                    return;
                }
                default -> {}
            }
        }
        ctx.next();
    }

    static void seeOther(RoutingContext ctx, String location) {
        ctx.response()
                .setStatusCode(303)
                .putHeader(HttpHeaders.LOCATION, location)
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-store")
                .end();
    }

    /**
     * The portal's headers on any answer it writes itself (pages and the CSV export). Its answers are never
     * compressed: they carry the CSRF token next to text the merchant typed, and a compressed size would let a
     * watcher of the network guess the token a byte at a time (BREACH).
     */
    static void secureHeaders(RoutingContext ctx) {
        ctx.response()
                .putHeader(HttpHeaders.CONTENT_ENCODING, HttpHeaders.IDENTITY)
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-store")
                .putHeader("Referrer-Policy", "no-referrer")
                .putHeader("X-Frame-Options", "DENY")
                .putHeader("X-Content-Type-Options", "nosniff")
                .putHeader("Content-Security-Policy", POLICY);
    }

    private static void send(RoutingContext ctx, int status, Future<Buffer> html) {
        html.onSuccess(page -> {
                    if (!ctx.response().ended()) {
                        secureHeaders(ctx);
                        ctx.response()
                                .setStatusCode(status)
                                .putHeader(HttpHeaders.CONTENT_TYPE, "text/html; charset=utf-8")
                                .end(page);
                    }
                })
                .onFailure(failure -> {
                    log.error("portal page could not be rendered", failure);
                    if (!ctx.response().ended() && !ctx.response().headWritten()) {
                        ctx.response()
                                .setStatusCode(ErrorKind.INTERNAL.status())
                                .end();
                    }
                });
    }

    // ---- language and form token ----

    /**
     * The language of this page: asked for ({@code lang} in the query or form, then remembered in a cookie), else
     * remembered, else the merchant's own locale, else the service's default.
     */
    /** The language of the customer pages of a merchant who chose none: the service's own. */
    Language defaultLanguage() {
        return defaultLanguage;
    }

    PortalText text(RoutingContext ctx) {
        String asked = AskedLanguage.of(ctx);
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
        Merchant merchant = merchant(ctx);
        if (merchant != null) {
            Optional<Language> own = Language.fromTag(merchant.locale());
            if (own.isPresent()) {
                return new PortalText(own.get());
            }
        }
        return new PortalText(defaultLanguage);
    }

    static String csrf(RoutingContext ctx) {
        String token = ctx.get(CSRF_FIELD);
        if (token == null) {
            token = ctx.request().getFormAttribute(CSRF_FIELD);
        }
        return token == null ? "" : token;
    }

    // ---- values ----

    /**
     * A query or form value, stripped and cut to {@code max} characters; absent is empty. A NUL ({@code %00}) is
     * dropped: PostgreSQL text cannot hold one, so a search or filter carrying it would fail as a 500 rather than
     * find nothing.
     */
    static String param(RoutingContext ctx, String name, int max) {
        String value = ctx.request().getParam(name);
        if (value == null) {
            value = ctx.request().getFormAttribute(name);
        }
        return trimmed(value, max);
    }

    /** The start of {@code isoDate} ({@code yyyy-MM-dd}) in Haiti, as the portal's date filters mean it. */
    static java.time.OffsetDateTime dayStart(String isoDate) {
        return startInHaiti(java.time.LocalDate.parse(isoDate));
    }

    /**
     * The end of {@code isoDate} in Haiti: the start of the next day, with that day's own offset, so that a range
     * ending on a Sunday the clocks change still ends at midnight there (that day has 23 or 25 hours).
     */
    static java.time.OffsetDateTime dayEnd(String isoDate) {
        return startInHaiti(java.time.LocalDate.parse(isoDate).plusDays(1));
    }

    private static java.time.OffsetDateTime startInHaiti(java.time.LocalDate day) {
        return day.atStartOfDay(io.walletpay.page.PageText.HAITI).toOffsetDateTime();
    }

    static String trimmed(String value, int max) {
        if (value == null) {
            return "";
        }
        String stripped = (value.indexOf('\u0000') < 0 ? value : value.replace("\u0000", "")).strip();
        return stripped.length() > max ? stripped.substring(0, max) : stripped;
    }

    static UUID parseUuid(String text) {
        return io.walletpay.json.Identifiers.parse(text);
    }
}
