package io.walletpay.portal;

import io.vertx.core.Future;
import io.vertx.core.http.Cookie;
import io.vertx.core.http.CookieSameSite;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.login.PersonLogin;
import io.walletpay.merchant.Merchant;
import io.walletpay.net.AskedLanguage;
import io.walletpay.net.ClientAddress;
import io.walletpay.page.Language;
import io.walletpay.people.Invitation;
import io.walletpay.people.Person;
import io.walletpay.people.QrSvg;
import io.walletpay.people.SignInStep;
import io.walletpay.people.Totp;
import io.walletpay.store.PortalSessionStore;
import io.walletpay.store.Stores;
import io.walletpay.usecase.Team;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The portal's doors: sign-in with e-mail and password, then the second factor's code (or its enrolment, for an
 * owner or manager who has none yet), an invitation's page, and leaving. A session is opened as soon as the password
 * is right, at the step still to come; only once the person is through does a new session (a new cookie) open the
 * pages, so a cookie seen before the code is worth nothing after it. Also the session check every other page passes:
 * a session that is in, of an active merchant, and its form token on every post.
 */
final class SignInPages {

    private final PortalPages pages;
    private final Stores stores;
    private final PersonLogin login;
    private final Team team;
    private final SessionCsrf csrf;
    private final SessionKey enrolment;

    SignInPages(
            PortalPages pages, Stores stores, PersonLogin login, Team team, SessionCsrf csrf, SessionKey enrolment) {
        this.pages = pages;
        this.stores = stores;
        this.login = login;
        this.team = team;
        this.csrf = csrf;
        this.enrolment = enrolment;
    }

    /** The doors before a session (their CSRF is vertx-web's handler, mounted by the caller on these paths). */
    void mountDoors(Router router) {
        router.get("/portal/login").handler(this::loginPage);
        router.post("/portal/login").handler(this::password);
        router.get("/portal/invite/:token").handler(this::invitePage);
        router.post("/portal/invite/:token").handler(this::join);
        router.get("/portal/login/code").handler(ctx -> pending(ctx, SignInStep.CODE, this::codePage));
        router.post("/portal/login/code").handler(ctx -> pending(ctx, SignInStep.CODE, this::code));
        router.get("/portal/enrol").handler(ctx -> pending(ctx, SignInStep.ENROL, this::enrolPage));
        router.post("/portal/enrol").handler(ctx -> pending(ctx, SignInStep.ENROL, this::enrol));
        router.post("/portal/logout").handler(this::logout);
    }

    // ---- e-mail and password ----

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
                        PortalPages.seeOther(ctx, pageOf(session.get().step())); // on the way in already
                    } else {
                        renderLogin(ctx, 200, null, "");
                    }
                })
                .onFailure(ctx::fail);
    }

    private void renderLogin(RoutingContext ctx, int status, String error, String email) {
        Map<String, Object> model = new HashMap<>();
        model.put("error", error);
        model.put("email", email);
        pages.render(ctx, status, "portal/login.jte", model);
    }

    private void password(RoutingContext ctx) {
        String email = PortalPages.trimmed(ctx.request().getFormAttribute("email"), 254);
        String password = ctx.request().getFormAttribute("password");
        if (password != null && password.length() > 1024) {
            password = password.substring(0, 1024); // longer than any password: wrong, at a bounded cost
        }
        PortalText t = pages.text(ctx);
        String source = ClientAddress.of(ctx);
        login.password(source, email, password)
                .onSuccess(outcome -> {
                    if (outcome instanceof PersonLogin.Throttled throttled) {
                        throttledLogin(ctx, throttled, email);
                        return;
                    }
                    if (!(outcome instanceof PersonLogin.Verified verified)) {
                        renderLogin(ctx, ErrorKind.UNAUTHORIZED.status(), t.get("login.failed"), email);
                        return;
                    }
                    Person person = verified.person();
                    stores.merchants()
                            .get(person.merchantId())
                            .onSuccess(merchant -> {
                                if (!merchant
                                        .active()) { // a disabled merchant's people are refused like a wrong password
                                    renderLogin(ctx, ErrorKind.UNAUTHORIZED.status(), t.get("login.failed"), email);
                                    return;
                                }
                                SignInStep next = person.stepAfterPassword();
                                open(ctx, person, next)
                                        .onSuccess(opened -> PortalPages.seeOther(ctx, pageOf(next)))
                                        .onFailure(ctx::fail);
                            })
                            .onFailure(ctx::fail);
                })
                .onFailure(ctx::fail);
    }

    private void throttledLogin(RoutingContext ctx, PersonLogin.Throttled throttled, String email) {
        long seconds = throttled.retryAfterSeconds();
        ctx.response().putHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
        renderLogin(ctx, 429, pages.text(ctx).get("login.throttled", seconds), email);
    }

    // ---- a session on its way in ----

    /** What a page of the sign-in needs: its session at {@code step}, and the person. */
    private interface Step {
        void handle(RoutingContext ctx, PortalSessionStore.PortalSession session, Person person);
    }

    /**
     * Runs {@code page} for a session at {@code step}; a browser without one goes to the login page, one at another
     * step to that step's page. A post must carry the session's form token.
     */
    private void pending(RoutingContext ctx, SignInStep step, Step page) {
        byte[] hash = cookieHash(ctx);
        Future<Optional<PortalSessionStore.PortalSession>> found = hash == null
                ? Future.succeededFuture(Optional.empty())
                : stores.portalSessions().use(hash, PortalSession.LIFETIMES);
        found.onFailure(ctx::fail).onSuccess(session -> {
            if (session.isEmpty()) {
                PortalPages.seeOther(ctx, "/portal/login");
                return;
            }
            if (session.get().step() != step) {
                PortalPages.seeOther(ctx, pageOf(session.get().step()));
                return;
            }
            if (!inSessionForm(ctx, hash)) {
                return;
            }
            stores.people()
                    .get(session.get().merchantId(), session.get().personId())
                    .onSuccess(person -> {
                        if (person == null) {
                            PortalPages.seeOther(ctx, "/portal/login");
                            return;
                        }
                        page.handle(ctx, session.get(), person);
                    })
                    .onFailure(ctx::fail);
        });
    }

    private void codePage(RoutingContext ctx, PortalSessionStore.PortalSession session, Person person) {
        renderCode(ctx, 200, null);
    }

    private void renderCode(RoutingContext ctx, int status, String error) {
        Map<String, Object> model = new HashMap<>();
        model.put("error", error);
        pages.render(ctx, status, "portal/login_code.jte", model);
    }

    private void code(RoutingContext ctx, PortalSessionStore.PortalSession session, Person person) {
        PortalText t = pages.text(ctx);
        String typed = PortalPages.trimmed(ctx.request().getFormAttribute("code"), 40);
        login.code(ClientAddress.of(ctx), person, typed)
                .onSuccess(outcome -> {
                    if (outcome instanceof PersonLogin.Throttled throttled) {
                        long seconds = throttled.retryAfterSeconds();
                        ctx.response().putHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
                        renderCode(ctx, 429, t.get("login.throttled", seconds));
                        return;
                    }
                    if (!(outcome instanceof PersonLogin.Verified)) {
                        renderCode(ctx, ErrorKind.UNAUTHORIZED.status(), t.get("code.failed"));
                        return;
                    }
                    through(ctx, session, person)
                            .onSuccess(in -> PortalPages.seeOther(ctx, "/portal/"))
                            .onFailure(ctx::fail);
                })
                .onFailure(ctx::fail);
    }

    /**
     * The secret offered to a person enrolling: derived from their session, so the page shows the same one however
     * often it is opened, and nothing is stored until a code proves their app has it.
     */
    private byte[] enrolmentSecret(PortalSessionStore.PortalSession session) {
        return Arrays.copyOf(enrolment.of(session.idHash()), Totp.SECRET_BYTES);
    }

    private void enrolPage(RoutingContext ctx, PortalSessionStore.PortalSession session, Person person) {
        renderEnrol(ctx, 200, null, session, person);
    }

    private void renderEnrol(
            RoutingContext ctx, int status, String error, PortalSessionStore.PortalSession session, Person person) {
        byte[] secret = enrolmentSecret(session);
        PortalText t = pages.text(ctx);
        stores.merchants()
                .get(person.merchantId())
                .onSuccess(merchant -> {
                    String uri = Totp.otpauthUri("walletpay " + merchant.name(), person.email(), secret);
                    Map<String, Object> model = new HashMap<>();
                    model.put("error", error);
                    model.put("otpauthUri", uri);
                    model.put("secret", grouped(Totp.base32(secret)));
                    model.put("qrSvg", QrSvg.of(uri, t.get("enrol.qr_label")));
                    pages.render(ctx, status, "portal/enrol.jte", model);
                })
                .onFailure(ctx::fail);
    }

    /** The secret in groups of four, as people type it into an app. */
    private static String grouped(String base32) {
        return base32.replaceAll("(.{4})(?!$)", "$1 ");
    }

    private void enrol(RoutingContext ctx, PortalSessionStore.PortalSession session, Person person) {
        String typed = PortalPages.trimmed(ctx.request().getFormAttribute("code"), 20);
        team.enrol(person, enrolmentSecret(session), typed, ClientAddress.of(ctx))
                .onSuccess(enrolled -> through(ctx, session, person)
                        .onSuccess(in -> pages.render(
                                ctx, 200, "portal/recovery_codes.jte", Map.of("codes", enrolled.recoveryCodes())))
                        .onFailure(ctx::fail))
                .onFailure(failure -> {
                    if (failure instanceof ServiceException refused && refused.kind() == ErrorKind.VALIDATION) {
                        renderEnrol(ctx, 400, pages.text(ctx).get("code.failed"), session, person);
                    } else {
                        ctx.fail(failure);
                    }
                });
    }

    /** The person is in: the session on the way in ends and a new one, with a new cookie, opens the pages. */
    private Future<Void> through(RoutingContext ctx, PortalSessionStore.PortalSession pending, Person person) {
        return stores.portalSessions().end(pending.idHash()).compose(ended -> open(ctx, person, SignInStep.IN));
    }

    // ---- an invitation ----

    private void invitePage(RoutingContext ctx) {
        String token = ctx.pathParam("token");
        team.openInvitation(token)
                .onSuccess(open -> {
                    if (open.isEmpty()) {
                        pages.message(ctx, 404, "invite.gone.title", "invite.gone.text");
                        return;
                    }
                    renderInvite(ctx, 200, null, token, open.get(), "");
                })
                .onFailure(ctx::fail);
    }

    private void renderInvite(
            RoutingContext ctx, int status, String error, String token, Invitation invitation, String name) {
        stores.merchants()
                .get(invitation.merchantId())
                .onSuccess(merchant -> {
                    Map<String, Object> model = new HashMap<>();
                    model.put("error", error);
                    model.put("token", token);
                    model.put("email", invitation.email());
                    model.put("merchantName", merchant.name());
                    model.put("role", invitation.role().wireName());
                    model.put("name", name);
                    pages.render(ctx, status, "portal/invite.jte", model);
                })
                .onFailure(ctx::fail);
    }

    private void join(RoutingContext ctx) {
        String token = ctx.pathParam("token");
        String name = PortalPages.trimmed(ctx.request().getFormAttribute("name"), 200);
        String password = ctx.request().getFormAttribute("password");
        PortalText t = pages.text(ctx);
        team.join(token, name, password, ClientAddress.of(ctx))
                .onSuccess(person -> {
                    SignInStep next = person.stepAfterPassword();
                    open(ctx, person, next)
                            .onSuccess(opened -> PortalPages.seeOther(ctx, pageOf(next)))
                            .onFailure(ctx::fail);
                })
                .onFailure(failure -> {
                    if (!(failure instanceof ServiceException refused)) {
                        ctx.fail(failure);
                        return;
                    }
                    switch (refused.kind()) {
                        case VALIDATION ->
                            team.openInvitation(token)
                                    .onSuccess(open -> {
                                        if (open.isEmpty()) {
                                            pages.message(ctx, 404, "invite.gone.title", "invite.gone.text");
                                            return;
                                        }
                                        String key = "password".equals(refused.field())
                                                ? "invite." + refused.getMessage()
                                                : "invite.name_missing";
                                        renderInvite(ctx, 400, t.get(key), token, open.get(), name);
                                    })
                                    .onFailure(ctx::fail);
                        case NOT_FOUND -> pages.message(ctx, 404, "invite.gone.title", "invite.gone.text");
                        case CONFLICT -> pages.message(ctx, 409, "invite.taken.title", "invite.taken.text");
                        default -> ctx.fail(failure);
                    }
                });
    }

    // ---- leaving ----

    /** Ends this browser's session in the store, so a copy of its cookie is refused from now on. */
    private void logout(RoutingContext ctx) {
        byte[] hash = cookieHash(ctx);
        if (hash != null && !inSessionForm(ctx, hash)) {
            return;
        }
        Future<Void> ended = hash == null
                ? Future.succeededFuture()
                : stores.portalSessions().end(hash);
        ended.onSuccess(done -> {
                    ctx.response().addCookie(sessionCookie(pages, "").setMaxAge(0));
                    PortalPages.seeOther(ctx, "/portal/login");
                })
                .onFailure(ctx::fail);
    }

    // ---- the session check of every other page ----

    /**
     * Every page after this needs a session that is in (used now, so its idle time counts from this page), of a
     * person of an active merchant; a post must carry the session's form token.
     */
    void requireSession(RoutingContext ctx) {
        byte[] hash = cookieHash(ctx);
        Future<Optional<PortalSessionStore.PortalSession>> session = hash == null
                ? Future.succeededFuture(Optional.empty())
                : stores.portalSessions().use(hash, PortalSession.LIFETIMES);
        session.onFailure(ctx::fail).onSuccess(found -> {
            if (found.isEmpty()) {
                // a language asked for on the way in is kept for the login page
                Optional<Language> asked = Language.fromTag(AskedLanguage.of(ctx));
                ctx.response().addCookie(sessionCookie(pages, "").setMaxAge(0));
                PortalPages.seeOther(
                        ctx, asked.map(l -> "/portal/login?lang=" + l.tag()).orElse("/portal/login"));
                return;
            }
            PortalSessionStore.PortalSession in = found.get();
            if (in.step() != SignInStep.IN) {
                PortalPages.seeOther(ctx, pageOf(in.step()));
                return;
            }
            if (!inSessionForm(ctx, hash)) {
                return;
            }
            Future<Merchant> merchant = stores.merchants().get(in.merchantId());
            Future<Person> person = stores.people().get(in.merchantId(), in.personId());
            Future.all(merchant, person)
                    .onSuccess(both -> {
                        if (!merchant.result().active() || person.result() == null) {
                            stores.portalSessions().end(hash);
                            ctx.response().addCookie(sessionCookie(pages, "").setMaxAge(0));
                            PortalPages.seeOther(ctx, "/portal/login");
                            return;
                        }
                        PortalPages.signedIn(ctx, merchant.result());
                        PortalPages.signedInAs(ctx, person.result());
                        PortalPages.inSession(ctx, hash);
                        if (in.livemode()) {
                            ctx.next();
                            return;
                        }
                        // test mode: the pages act on the merchant's test twin, the session stays the merchant's
                        stores.merchants()
                                .twin(merchant.result().id())
                                .onSuccess(twin -> {
                                    PortalPages.actingInTestMode(ctx, merchant.result(), twin);
                                    ctx.next();
                                })
                                .onFailure(ctx::fail);
                    })
                    .onFailure(failure -> PortalPages.seeOther(ctx, "/portal/login"));
        });
    }

    /**
     * Sets the session's form token for the page's forms; on a post, checks it came back. A post without it is
     * refused (403) before anything runs, and false is returned.
     */
    private boolean inSessionForm(RoutingContext ctx, byte[] hash) {
        ctx.put(SessionCsrf.FIELD, csrf.tokenFor(hash));
        if (ctx.request().method() == io.vertx.core.http.HttpMethod.POST && !csrf.carried(ctx, hash)) {
            ctx.fail(403);
            return false;
        }
        return true;
    }

    // ---- cookies ----

    private Future<Void> open(RoutingContext ctx, Person person, SignInStep step) {
        String id = PortalSession.newId();
        String agent = ctx.request().getHeader("User-Agent");
        return stores.portalSessions()
                .open(
                        PortalSession.hashOf(id),
                        person.merchantId(),
                        person.id(),
                        step,
                        ClientAddress.of(ctx),
                        agent == null ? null : PortalPages.trimmed(agent, 300))
                .onSuccess(opened -> ctx.response().addCookie(sessionCookie(pages, id)));
    }

    static byte[] cookieHash(RoutingContext ctx) {
        Cookie cookie = ctx.request().getCookie(PortalSession.COOKIE);
        return PortalSession.hashOf(cookie == null ? null : cookie.getValue());
    }

    static Cookie sessionCookie(PortalPages pages, String value) {
        return Cookie.cookie(PortalSession.COOKIE, value)
                .setPath("/portal")
                .setHttpOnly(true)
                .setSecure(pages.secure())
                .setSameSite(CookieSameSite.LAX);
    }

    private static String pageOf(SignInStep step) {
        return switch (step) {
            case CODE -> "/portal/login/code";
            case ENROL -> "/portal/enrol";
            case IN -> "/portal/";
        };
    }
}
