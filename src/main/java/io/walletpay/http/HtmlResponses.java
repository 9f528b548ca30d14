package io.walletpay.http;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.Cookie;
import io.vertx.core.http.CookieSameSite;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.checkout.Checkout;
import io.walletpay.checkout.ProviderConfirmation;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.net.AskedLanguage;
import io.walletpay.page.Language;
import io.walletpay.page.LanguageChoice;
import io.walletpay.page.LinkView;
import io.walletpay.page.PageAddress;
import io.walletpay.page.PageError;
import io.walletpay.page.PageText;
import io.walletpay.page.PaymentView;
import io.walletpay.page.Problem;
import io.walletpay.page.ProblemView;
import io.walletpay.page.ReceiptView;
import io.walletpay.page.RetryView;
import io.walletpay.payment.Payment;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the customer's HTML answers, in the customer's language, with their protective headers, and turns
 * failures on the customer's routes into problem pages: a browser there never sees JSON or a stack trace.
 */
final class HtmlResponses {

    private static final Logger log = LoggerFactory.getLogger(HtmlResponses.class);

    private static final String HTML = "text/html; charset=utf-8";
    private static final String POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'none';"
            + " base-uri 'none'; frame-ancestors 'none'; form-action ";
    private static final String DEFAULT_LANGUAGE = "walletpay.page.default_language";
    private static final int LANGUAGE_COOKIE_SECONDS = 365 * 24 * 3600;

    private HtmlResponses() {}

    /** Remembers, for this request, the service's {@code checkout.default_locale}: the last resort of a page. */
    static void defaultLanguage(RoutingContext ctx, Language language) {
        ctx.put(DEFAULT_LANGUAGE, language);
        ctx.next();
    }

    /**
     * The checkout form; {@code phone} is what the customer typed (nullable) and {@code error} (nullable) why it
     * was refused. The form posts to this service and may be redirected to the Return URL, so that origin is
     * allowed as a form action: browsers check {@code form-action} on every redirect of a form submission.
     */
    static void paymentForm(
            RoutingContext ctx,
            int status,
            Checkout checkout,
            String token,
            boolean confirmingCancel,
            String phone,
            PageError error) {
        PageText text = text(ctx, checkout.merchantLocale());
        Payment payment = checkout.payment();
        PageAddress page = withAskedLanguage(ctx, token); // relative to the page itself: it works behind a path prefix
        PaymentView view = new PaymentView(
                checkout.merchantName(),
                payment.amount(),
                payment.description(),
                payment.referenceId(),
                payment.expiresAt(),
                page.href(),
                page.with("cancel").href(),
                confirmingCancel,
                payment.declines() > 0,
                checkout.triesLeft(),
                phone,
                error);
        String origin = origin(checkout.returnUrl());
        send(ctx, status, PageTemplates.payment(text, view), origin == null ? "'self'" : "'self' " + origin);
    }

    /**
     * Back from the provider after a decline, in live mode: why, that no money was taken, and a form to try again at
     * the provider ({@code /provider/retry}, which sends the customer on to the provider's page).
     */
    static void retryPage(RoutingContext ctx, Checkout checkout, String providerMessage) {
        Payment payment = checkout.payment();
        RetryView view = new RetryView(
                checkout.merchantName(),
                payment.amount(),
                payment.referenceId(),
                payment.expiresAt(),
                providerMessage == null ? null : providerMessage.strip(),
                checkout.triesLeft(),
                "retry",
                payment.id().toString(),
                checkout.returnUrl());
        String gateway = origin(payment.redirectUrl());
        send(
                ctx,
                200,
                PageTemplates.retry(text(ctx, checkout.merchantLocale()), view),
                gateway == null ? "'self'" : "'self' " + gateway);
    }

    /**
     * {@code path} with the language this request asked for with {@code ?lang=}, when it asked: a customer's choice
     * holds through the form's submit and back, cookies or not. A language the rules picked (the merchant's, the
     * browser's) is picked again the same way on submit, and is not remembered as if the customer had chosen it.
     */
    static PageAddress withAskedLanguage(RoutingContext ctx, String path) {
        PageAddress page = PageAddress.of(path);
        return Language.fromTag(AskedLanguage.of(ctx))
                .map(asked -> page.with("lang", asked.tag()))
                .orElse(page);
    }

    /** The result of a decided checkout, shown when there is no Return URL to send the customer to. */
    static void receipt(RoutingContext ctx, Checkout checkout) {
        Payment payment = checkout.payment();
        ReceiptView view = new ReceiptView(
                checkout.merchantName(),
                payment.amount(),
                payment.status().wireName(),
                payment.shortCode(),
                payment.referenceId(),
                payment.completedAt() != null ? payment.completedAt() : payment.updatedAt(),
                checkout.returnUrl());
        send(ctx, 200, PageTemplates.receipt(text(ctx, checkout.merchantLocale()), view), "'none'");
    }

    /**
     * A payment link's page (its form, or why it takes no more payments) in the customer's language, the merchant's
     * when the customer's is unknown. {@code formAction} says where its form's submit may be redirected.
     */
    static void linkPage(RoutingContext ctx, int status, LinkView view, String merchantLocale, String formAction) {
        send(ctx, status, PageTemplates.link(text(ctx, merchantLocale), view), formAction);
    }

    /** A problem page about no merchant in particular, in the customer's or the service's language. */
    static void problem(RoutingContext ctx, Problem problem) {
        problem(ctx, problem, null, null);
    }

    /**
     * A problem page about one merchant's checkout: its language, the shop and the amount it is about, and a way back
     * to its site when it has one.
     */
    static void problem(RoutingContext ctx, Problem problem, Checkout checkout) {
        page(
                ctx,
                problem.kind(),
                new ProblemView(
                        problem, checkout.merchantName(), checkout.payment().amount(), checkout.returnUrl()),
                checkout.merchantLocale());
    }

    /** A problem page about one merchant: in its language unless the customer chose one, with a way back if given. */
    static void problem(RoutingContext ctx, Problem problem, String merchantLocale, String returnUrl) {
        page(ctx, problem.kind(), new ProblemView(problem, returnUrl), merchantLocale);
    }

    /** The page {@code view}, answered with the status of {@code kind}: the one mapping, {@link ErrorKind}. */
    private static void page(RoutingContext ctx, ErrorKind kind, ProblemView view, String merchantLocale) {
        send(ctx, kind.status(), PageTemplates.problem(text(ctx, merchantLocale), view), "'none'");
    }

    /** 303 to {@code location}; no referrer, so the checkout URL (a capability) does not follow the customer. */
    static void seeOther(RoutingContext ctx, String location) {
        if (ctx.response().ended()) {
            return;
        }
        ctx.response()
                .setStatusCode(303)
                .putHeader(HttpHeaders.LOCATION, location)
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-store")
                .putHeader("Referrer-Policy", "no-referrer")
                .end();
    }

    /** The failure handler of the HTML routes: the same meaning as the JSON routes, shown as a page. */
    static void failure(RoutingContext ctx) {
        if (ctx.response().ended() || ctx.response().headWritten()) {
            return;
        }
        problem(ctx, ErrorResponder.failureOf(ctx));
    }

    /**
     * The page of a customer back from the provider whose payment could not be confirmed: the same failures as
     * anywhere, told in the words of that moment (the provider does not know the transaction, it was not paid, it
     * pays another payment, the provider cannot be reached, too many look-ups at the provider just now).
     */
    static void unconfirmedReturn(RoutingContext ctx, Throwable failure) {
        if (!(failure instanceof ServiceException known)) {
            ctx.fail(failure);
            return;
        }
        if (known.kind() == ErrorKind.NOT_FOUND) {
            problem(ctx, Problem.PROVIDER_UNKNOWN);
        } else if (ProviderConfirmation.NOT_SUCCESSFUL.equals(known.code())) {
            problem(ctx, Problem.PROVIDER_NOT_PAID);
        } else if (ProviderConfirmation.MISMATCH.equals(known.code())) {
            problem(ctx, Problem.PROVIDER_MISMATCH);
        } else if (known.kind() == ErrorKind.PROVIDER) {
            problem(ctx, Problem.PROVIDER_UNREACHABLE);
        } else if (known.kind() == ErrorKind.RATE_LIMITED) {
            // too many look-ups at MonCash: when to come back, and that the payment is not lost meanwhile
            ErrorResponder.retryAfter(ctx.response(), known);
            problem(ctx, Problem.PROVIDER_BUSY);
        } else {
            problem(ctx, known);
        }
    }

    /** A known failure as the customer's page: its kind's page and status, and when to come back if it has one. */
    static void problem(RoutingContext ctx, ServiceException error) {
        ErrorResponder.retryAfter(ctx.response(), error);
        page(ctx, error.kind(), new ProblemView(Problem.of(error.kind()), null), null);
    }

    static void notFound(RoutingContext ctx) {
        problem(ctx, Problem.NOT_FOUND);
    }

    static void unsupportedMediaType(RoutingContext ctx) {
        problem(ctx, Problem.UNSUPPORTED_FORM);
    }

    /**
     * A problem page for a request that never reached the router (see {@link ErrorResponder#invalidRequest}): the
     * language comes from the browser alone, as no route has said more.
     */
    static Future<Void> problem(HttpServerRequest request, Problem problem) {
        Language language =
                LanguageChoice.choose(null, null, request.getHeader(HttpHeaders.ACCEPT_LANGUAGE), null, Language.HT);
        Future<Buffer> html = PageTemplates.problem(new PageText(language, ""), new ProblemView(problem, null));
        return html.compose(page -> send(request.response(), problem.kind().status(), page, "'none'"));
    }

    /**
     * The page's language (see {@link LanguageChoice}). A valid {@code ?lang=} is remembered in a cookie, so the
     * customer's choice holds through the form's submit and the pages after it.
     */
    static PageText text(RoutingContext ctx, String merchantLocale) {
        HttpServerRequest request = ctx.request();
        String asked = AskedLanguage.of(ctx);
        Cookie remembered = request.getCookie(LanguageChoice.COOKIE);
        Language fallback = ctx.get(DEFAULT_LANGUAGE, Language.HT);
        Language language = LanguageChoice.choose(
                asked,
                remembered == null ? null : remembered.getValue(),
                request.getHeader(HttpHeaders.ACCEPT_LANGUAGE),
                merchantLocale,
                fallback);
        if (Language.fromTag(asked).isPresent() && !ctx.response().headWritten()) {
            ctx.response()
                    .addCookie(Cookie.cookie(LanguageChoice.COOKIE, language.tag())
                            .setPath("/")
                            .setMaxAge(LANGUAGE_COOKIE_SECONDS)
                            .setHttpOnly(true)
                            .setSecure("https".equals(request.scheme()))
                            .setSameSite(CookieSameSite.LAX));
        }
        return new PageText(language, queryWithoutLang(request.query()));
    }

    /** The raw query without its {@code lang} parameters, so a language link keeps the rest of the address. */
    static String queryWithoutLang(String query) {
        if (query == null || query.isEmpty()) {
            return "";
        }
        List<String> kept = Arrays.stream(query.split("&"))
                .filter(part -> !part.isEmpty() && !part.equals("lang") && !part.startsWith("lang="))
                .toList();
        return kept.stream().collect(Collectors.joining("&"));
    }

    private static void send(RoutingContext ctx, int status, Future<Buffer> html, String formAction) {
        html.onSuccess(page -> {
                    if (!ctx.response().ended()) {
                        send(ctx.response(), status, page, formAction);
                    }
                })
                .onFailure(failure -> {
                    log.error("customer page could not be rendered", failure);
                    if (!ctx.response().ended() && !ctx.response().headWritten()) {
                        ctx.response().setStatusCode(500).end();
                    }
                });
    }

    private static Future<Void> send(HttpServerResponse response, int status, Buffer html, String formAction) {
        return response.setStatusCode(status)
                .putHeader(HttpHeaders.CONTENT_TYPE, HTML)
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-store")
                .putHeader("Referrer-Policy", "no-referrer")
                .putHeader("X-Frame-Options", "DENY")
                .putHeader("X-Content-Type-Options", "nosniff")
                .putHeader("Content-Security-Policy", POLICY + formAction)
                .putHeader(HttpHeaders.VARY, "Accept-Language, Cookie")
                .end(html);
    }

    /** {@code scheme://host[:port]} of an http(s) URL, or null. */
    static String origin(String url) {
        if (url == null) {
            return null;
        }
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
                return null;
            }
            return scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT)
                    + (uri.getPort() < 0 ? "" : ":" + uri.getPort());
        } catch (URISyntaxException e) {
            return null;
        }
    }
}
