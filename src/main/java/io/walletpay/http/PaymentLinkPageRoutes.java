package io.walletpay.http;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.config.AppConfig;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.links.QrPng;
import io.walletpay.links.QrSvg;
import io.walletpay.net.ClientAddress;
import io.walletpay.net.FormBody;
import io.walletpay.page.LinkView;
import io.walletpay.page.Problem;
import io.walletpay.payment.PaymentLink.Gone;
import io.walletpay.payment.PublicLink;
import io.walletpay.payment.TypedAmount;
import io.walletpay.store.PaymentLinkStore;
import io.walletpay.usecase.PayThroughLink;
import io.walletpay.usecase.PaymentLinks;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * A payment link's public side, {@code /l/{code}}: GET shows the shop, what it sells and the amount (or a field for
 * it) and changes nothing, as link previews and bots fetch it; its form POSTs back (field {@code amount} when the
 * link has none), which starts a fresh payment and answers 303 to its checkout. A link that takes no more payments
 * answers 410 with a page saying why; one whose places left are all held by payments still in progress answers 409
 * (the link's state, not the client, stands in the way, and only for a while) with a page saying from when to try
 * again, and {@code Retry-After}. {@code /l/{code}/qr.svg} and {@code qr.png} are its QR code. All answers
 * here are HTML (or images), failures included.
 */
final class PaymentLinkPageRoutes {

    private static final Pattern CODE = Pattern.compile("[A-Za-z0-9_-]{10,64}");
    private static final String FORM = "application/x-www-form-urlencoded";
    private static final int MAX_AMOUNT_ECHO = 32;

    private final PayThroughLink payThroughLink;
    private final PaymentLinks links;
    private final LinkPayRateLimiter rateLimiter;
    private final AppConfig config;
    /** Where the form's submit may be redirected: here, and the provider's gateway in live mode. */
    private final String formAction;

    PaymentLinkPageRoutes(
            PayThroughLink payThroughLink, PaymentLinks links, LinkPayRateLimiter rateLimiter, AppConfig config) {
        this.payThroughLink = payThroughLink;
        this.links = links;
        this.rateLimiter = rateLimiter;
        this.config = config;
        String gateway = config.provider().live()
                ? HtmlResponses.origin(config.provider().gatewayBaseUrl())
                : null;
        this.formAction = gateway == null ? "'self'" : "'self' " + gateway;
    }

    void mount(Router router) {
        router.route("/l/*")
                .handler(ctx ->
                        HtmlResponses.defaultLanguage(ctx, config.checkout().defaultLocale()));
        router.route("/l/*").handler(FormBody.limitedTo(config.http().maxBodyBytes()));
        router.get("/l/:code").handler(this::show);
        router.post("/l/:code").handler(this::pay);
        router.get("/l/:code/qr.svg")
                .handler(ctx -> qr(ctx, "image/svg+xml", url -> Future.succeededFuture(Buffer.buffer(QrSvg.of(url)))));
        // encoding a PNG (and ImageIO's first use) is work for a worker thread, not the event loop
        router.get("/l/:code/qr.png")
                .handler(ctx -> qr(ctx, "image/png", url -> ctx.vertx()
                        .executeBlocking(() -> Buffer.buffer(QrPng.of(url)), false)));
        router.route("/l/*").handler(PaymentLinkPageRoutes::noSuchRoute);
        router.route("/l/*").failureHandler(HtmlResponses::failure);
    }

    private void show(RoutingContext ctx) {
        String code = code(ctx);
        if (code == null) {
            HtmlResponses.notFound(ctx);
            return;
        }
        payThroughLink
                .show(code)
                .onSuccess(shown -> {
                    Gone gone = PayThroughLink.gone(shown);
                    if (gone != null) {
                        gonePage(ctx, shown, gone);
                    } else if (PayThroughLink.busy(shown)) {
                        busyPage(ctx, shown);
                    } else if (!shown.merchantActive()) {
                        HtmlResponses.problem(ctx, Problem.MERCHANT_DISABLED, shown.merchantLocale(), null);
                    } else {
                        form(ctx, 200, shown, null, null);
                    }
                })
                .onFailure(ctx::fail);
    }

    private void pay(RoutingContext ctx) {
        String code = code(ctx);
        if (code == null) {
            HtmlResponses.notFound(ctx);
            return;
        }
        if (!FORM.equals(Bodies.mediaType(ctx))) {
            HtmlResponses.unsupportedMediaType(ctx);
            return;
        }
        try {
            rateLimiter.acquire(ClientAddress.of(ctx));
        } catch (RateLimitedException limited) {
            ctx.response().putHeader("Retry-After", Long.toString(limited.retryAfterSeconds()));
            HtmlResponses.problem(ctx, Problem.TOO_MANY);
            return;
        }
        String typed = ctx.request().getFormAttribute(PayThroughLink.AMOUNT);
        payThroughLink
                .pay(code, typed)
                .onSuccess(payment -> HtmlResponses.seeOther(ctx, payment.redirectUrl()))
                .onFailure(failure -> refused(ctx, code, typed, failure));
    }

    /** Why no payment was started: a typed amount to fix, a link gone or busy meanwhile, a disabled merchant. */
    private void refused(RoutingContext ctx, String code, String typed, Throwable failure) {
        if (!(failure instanceof ServiceException known)) {
            ctx.fail(failure);
            return;
        }
        if (known.kind() == ErrorKind.FORBIDDEN) {
            // in the shop's language, as on its link's page; the look-up failing leaves the usual rules
            payThroughLink
                    .show(code)
                    .onComplete(shown -> HtmlResponses.problem(
                            ctx,
                            Problem.MERCHANT_DISABLED,
                            shown.succeeded() ? shown.result().merchantLocale() : null,
                            null));
            return;
        }
        boolean badAmount = known.kind() == ErrorKind.VALIDATION && PayThroughLink.AMOUNT.equals(known.field());
        if (!badAmount && !PaymentLinkStore.GONE.equals(known.code()) && !PaymentLinkStore.BUSY.equals(known.code())) {
            ctx.fail(failure);
            return;
        }
        payThroughLink
                .show(code)
                .onSuccess(shown -> {
                    Gone gone = PayThroughLink.gone(shown);
                    if (badAmount) {
                        form(ctx, 400, shown, echo(typed), known.code());
                    } else if (gone != null) {
                        gonePage(ctx, shown, gone);
                    } else if (PayThroughLink.busy(shown) || PaymentLinkStore.BUSY.equals(known.code())) {
                        busyPage(ctx, shown);
                    } else {
                        // taken by others between the look and the lock: it is used up
                        gonePage(ctx, shown, Gone.USED_UP);
                    }
                })
                .onFailure(ctx::fail);
    }

    private void gonePage(RoutingContext ctx, PublicLink shown, Gone gone) {
        String key =
                switch (gone) {
                    case DEACTIVATED -> "link.gone.deactivated";
                    case EXPIRED -> "link.gone.expired";
                    case USED_UP -> "link.gone.used_up";
                };
        LinkView view = new LinkView(
                shown.merchantName(), shown.link().description(), null, null, null, null, null, null, key, null);
        HtmlResponses.linkPage(ctx, 410, view, shown.merchantLocale(), "'none'");
    }

    /**
     * 409, not 410: the link is not used up, its places left are held by payments still in progress and one frees
     * up if it expires unpaid; not 429 either, as this client sent nothing too many. From when to try again is the
     * earliest of those payments' expiry.
     */
    private void busyPage(RoutingContext ctx, PublicLink shown) {
        OffsetDateTime until = shown.link().heldUntil();
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        if (until == null) {
            until = now; // freed between the count and now
        } else if (until.isBefore(now)) {
            until = now.plus(config.payments().expirySweepInterval()); // expired, held until the sweep settles it
        }
        long seconds = Math.max(1, Duration.between(now, until).toSeconds() + 1);
        ctx.response().putHeader("Retry-After", Long.toString(seconds));
        LinkView view = new LinkView(
                shown.merchantName(), shown.link().description(), null, null, null, null, null, null, null, until);
        HtmlResponses.linkPage(ctx, 409, view, shown.merchantLocale(), "'none'");
    }

    /** The link's form; {@code fault} (a {@link TypedAmount} code, nullable) says why the typed amount was refused. */
    private void form(RoutingContext ctx, int status, PublicLink shown, String typed, String fault) {
        var link = shown.link();
        String errorKey = null;
        BigDecimal errorAmount = link.minAmount();
        if (TypedAmount.TOO_SMALL.equals(fault)) {
            errorKey = "link.amount.too_small";
        } else if (TypedAmount.TOO_LARGE.equals(fault)) {
            errorKey = "link.amount.too_large";
            errorAmount = links.limits().max();
        } else if (fault != null) {
            errorKey = "link.amount.invalid";
        }
        LinkView view = new LinkView(
                shown.merchantName(),
                link.description(),
                link.amount(),
                link.minAmount(),
                // relative to the page, so it works behind a path prefix; a chosen language travels with the submit
                HtmlResponses.withAskedLanguage(ctx, link.code()).href(),
                typed,
                errorKey,
                errorAmount,
                null,
                null);
        HtmlResponses.linkPage(ctx, status, view, shown.merchantLocale(), formAction);
    }

    private void qr(RoutingContext ctx, String contentType, Function<String, Future<Buffer>> image) {
        String code = code(ctx);
        if (code == null) {
            HtmlResponses.notFound(ctx);
            return;
        }
        payThroughLink
                .show(code)
                .compose(shown -> image.apply(links.url(shown.link())))
                .onSuccess(drawn -> ctx.response()
                        .putHeader("Content-Type", contentType)
                        .putHeader("Cache-Control", "public, max-age=86400")
                        .putHeader("X-Content-Type-Options", "nosniff")
                        .end(drawn))
                .onFailure(ctx::fail);
    }

    private static String echo(String typed) {
        return typed == null ? null : typed.substring(0, Math.min(typed.length(), MAX_AMOUNT_ECHO));
    }

    private static void noSuchRoute(RoutingContext ctx) {
        String rest =
                ctx.request().path().substring(Math.min(ctx.request().path().length(), "/l/".length()));
        if (!rest.isEmpty() && !rest.contains("/")) {
            ctx.response().putHeader("Allow", "GET, HEAD, POST");
            HtmlResponses.problem(ctx, Problem.NOT_ALLOWED);
        } else {
            HtmlResponses.notFound(ctx);
        }
    }

    /** The path code when it can be one (URL-safe, bounded); anything else cannot name a link. */
    private static String code(RoutingContext ctx) {
        String code = ctx.pathParam("code");
        return code != null && CODE.matcher(code).matches() ? code : null;
    }
}
