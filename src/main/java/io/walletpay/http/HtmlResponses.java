package io.walletpay.http;

import io.vertx.core.Future;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.checkout.CheckoutPages;
import io.walletpay.error.ServiceException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the customer's HTML answers and their protective headers, and turns failures on the customer's routes
 * into problem pages: a browser there never sees JSON or a stack trace.
 */
final class HtmlResponses {

    private static final Logger log = LoggerFactory.getLogger(HtmlResponses.class);

    private static final String HTML = "text/html; charset=utf-8";
    private static final String POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'none';"
            + " base-uri 'none'; frame-ancestors 'none'; form-action ";

    private HtmlResponses() {}

    /** A page without a form. */
    static void page(RoutingContext ctx, int status, String html) {
        send(ctx, status, html, "'none'");
    }

    /**
     * A page whose form posts to this service; {@code returnUrl} (nullable) is where the answer may redirect the
     * browser. Browsers check {@code form-action} on every redirect of a form submission, so its origin is allowed.
     */
    static void formPage(RoutingContext ctx, int status, String html, String returnUrl) {
        String origin = origin(returnUrl);
        send(ctx, status, html, origin == null ? "'self'" : "'self' " + origin);
    }

    static void problem(RoutingContext ctx, int status, String title, String message) {
        page(ctx, status, CheckoutPages.problemPage(title, message));
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

    /** A problem page for a known failure; the status comes from the one mapping in {@link ErrorResponder}. */
    static void problem(RoutingContext ctx, ServiceException error) {
        int status = ErrorResponder.status(error.kind());
        switch (error.kind()) {
            case NOT_FOUND -> notFound(ctx);
            case GONE -> expired(ctx);
            case PROVIDER ->
                problem(
                        ctx,
                        status,
                        "Wallet provider unavailable",
                        "The wallet provider did not answer. Please try again in a moment.");
            case UNAVAILABLE -> {
                ctx.response().putHeader("Retry-After", "1");
                problem(
                        ctx,
                        status,
                        "Please try again",
                        "The service is busy right now. Please try again in a moment.");
            }
            case VALIDATION, CONFLICT -> problem(ctx, status, "We could not do that", error.getMessage());
            case PAYLOAD_TOO_LARGE ->
                problem(ctx, status, "Too much data", "The form sent more data than a payment needs.");
            case UNSUPPORTED_MEDIA_TYPE -> unsupportedMediaType(ctx);
            case METHOD_NOT_ALLOWED -> problem(ctx, status, "Not allowed", "Open the payment link instead.");
            default -> {
                if (error.kind() != io.walletpay.error.ErrorKind.INTERNAL) { // INTERNAL is logged where it is mapped
                    log.error("failure on a checkout route: {} {}", error.code(), error.getMessage());
                }
                problem(
                        ctx,
                        500,
                        "Something went wrong",
                        "Something went wrong on our side. Please try again in a moment.");
            }
        }
    }

    static void notFound(RoutingContext ctx) {
        problem(ctx, 404, "Payment not found", "This payment link is not valid. Ask the merchant for a new one.");
    }

    static void expired(RoutingContext ctx) {
        problem(
                ctx,
                410,
                "This payment has expired",
                "This payment can no longer be paid. Return to the merchant and start again.");
    }

    static void unsupportedMediaType(RoutingContext ctx) {
        problem(ctx, 415, "Unsupported form", "Submit the payment form from the payment page.");
    }

    private static void send(RoutingContext ctx, int status, String html, String formAction) {
        if (ctx.response().ended()) {
            return;
        }
        send(ctx.response(), status, html, formAction);
    }

    /** A problem page for a request that never reached the router (see {@link ErrorResponder#invalidRequest}). */
    static Future<Void> problem(HttpServerResponse response, int status, String title, String message) {
        return send(response, status, CheckoutPages.problemPage(title, message), "'none'");
    }

    private static Future<Void> send(HttpServerResponse response, int status, String html, String formAction) {
        return response.setStatusCode(status)
                .putHeader(HttpHeaders.CONTENT_TYPE, HTML)
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-store")
                .putHeader("Referrer-Policy", "no-referrer")
                .putHeader("X-Frame-Options", "DENY")
                .putHeader("X-Content-Type-Options", "nosniff")
                .putHeader("Content-Security-Policy", POLICY + formAction)
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
