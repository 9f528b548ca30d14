package io.walletpay.http;

import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.error.ErrorCode;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.page.Problem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The one place where failures become HTTP: status code, the JSON envelope, and the headers some codes need. */
public final class ErrorResponder {

    private static final Logger log = LoggerFactory.getLogger(ErrorResponder.class);

    private ErrorResponder() {}

    /** Installs the failure handler and the router's own 400/404/405/413/415 answers. */
    public static void install(Router router) {
        install(router, 0);
    }

    /**
     * The same, with the body limit ({@code http.max_body_bytes}) that a 413 names, in its message and as
     * {@code limit_bytes}; 0 when the router has none to name.
     */
    public static void install(Router router, int maxBodyBytes) {
        router.route().failureHandler(ctx -> send(ctx, naming(failureOf(ctx), maxBodyBytes)));
        router.errorHandler(404, ctx -> send(ctx, routeNotFound(ctx)));
        router.errorHandler(405, ctx -> {
            ctx.response()
                    .putHeader("Allow", AllowedMethods.of(router, ctx.request().path()));
            send(
                    ctx,
                    new ServiceException(
                            ErrorKind.METHOD_NOT_ALLOWED,
                            "method_not_allowed",
                            "Method " + ctx.request().method() + " is not allowed on "
                                    + ctx.request().path()));
        });
        router.errorHandler(413, ctx -> send(ctx, naming(tooLarge(), maxBodyBytes)));
        router.errorHandler(415, ctx -> send(ctx, unsupportedMediaType()));
        // the router itself fails a request whose path it cannot decode (a "%" not followed by two hex digits)
        router.errorHandler(400, ctx -> {
            if (customerPath(ctx.request().path())) {
                HtmlResponses.problem(ctx, Problem.UNREADABLE);
            } else {
                send(ctx, unreadable());
            }
        });
    }

    /**
     * Requests the HTTP codec could not read (an over-long request line or header block, a malformed header) never
     * reach the router: they are answered here, in the same envelope (or the customer's HTML page), and the
     * connection is closed because the rest of its bytes cannot be trusted.
     */
    public static void invalidRequest(HttpServerRequest request) {
        Throwable cause = request.decoderResult().cause();
        ServiceException error;
        Problem page;
        if (cause instanceof TooLongHttpLineException) {
            page = Problem.URI_TOO_LONG;
            error = new ServiceException(ErrorKind.URI_TOO_LONG, "uri_too_long", "The request line is too long");
        } else if (cause instanceof TooLongHttpHeaderException) {
            page = Problem.HEADERS_TOO_LARGE;
            error = new ServiceException(
                    ErrorKind.HEADERS_TOO_LARGE, "headers_too_large", "The request headers are too large");
        } else {
            page = Problem.UNREADABLE;
            error = unreadable();
        }
        if (customerPath(request.path())) {
            request.response().putHeader(HttpHeaders.CONNECTION, "close");
            HtmlResponses.problem(request, page)
                    .onComplete(done -> request.connection().close());
        } else {
            answerAndClose(request, error);
        }
    }

    /** Answers a request the router never saw with {@code error} in the JSON envelope, then closes its connection. */
    static void answerAndClose(HttpServerRequest request, ServiceException error) {
        String requestId = RequestLog.newRequestId();
        HttpServerResponse response = request.response().putHeader(HttpHeaders.CONNECTION, "close");
        RequestLog.tag(response, requestId);
        response.setStatusCode(error.kind().status())
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/json; charset=utf-8")
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-store")
                .end(envelope(error, requestId).toBuffer())
                .onComplete(done -> request.connection().close());
    }

    private static boolean customerPath(String path) {
        return path != null && (path.startsWith("/checkout/") || path.startsWith("/l/"));
    }

    /** The error body: code, message, the field at fault if any, and the request's id to quote to support. */
    public static JsonObject envelope(ServiceException error, String requestId) {
        JsonObject body = new JsonObject().put("code", error.code()).put("message", error.getMessage());
        if (error.field() != null) {
            body.put("field", error.field());
        }
        if (error instanceof BodyTooLarge tooLarge) {
            body.put("limit_bytes", tooLarge.limitBytes());
        }
        body.put("request_id", requestId);
        return new JsonObject().put("success", false).put("error", body);
    }

    static void send(RoutingContext ctx, ServiceException error) {
        if (ctx.response().ended() || ctx.response().headWritten()) {
            return;
        }
        var response = ctx.response()
                .setStatusCode(error.kind().status())
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/json; charset=utf-8")
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-store");
        if (error.kind() == ErrorKind.UNAUTHORIZED) {
            response.putHeader("WWW-Authenticate", challenge(error));
        }
        retryAfter(response, error);
        response.end(envelope(error, RequestLog.id(ctx)).toBuffer());
    }

    /**
     * The bearer challenge of a 401 (RFC 6750): a bad or expired token says so, as {@code invalid_token} with the
     * error's message as its description, so a client can tell "get a new token" from "send one".
     */
    private static String challenge(ServiceException error) {
        if (BAD_TOKEN_CODES.contains(error.code())) {
            return "Bearer error=\"invalid_token\", error_description=\"" + error.getMessage() + "\"";
        }
        return "Bearer";
    }

    private static final java.util.Set<String> BAD_TOKEN_CODES =
            java.util.Set.of(ErrorCode.INVALID_TOKEN.code(), ErrorCode.TOKEN_EXPIRED.code());

    /** When to come back, for the failures that have a when: a rate limit's wait, or a second for an outage. */
    static void retryAfter(HttpServerResponse response, ServiceException error) {
        if (error instanceof RateLimitedException limited) {
            response.putHeader("Retry-After", Long.toString(limited.retryAfterSeconds()));
        } else if (error.kind() == ErrorKind.UNAVAILABLE) {
            response.putHeader("Retry-After", "1");
        }
    }

    /** The 404 of a path no route has. */
    static ServiceException routeNotFound(RoutingContext ctx) {
        return new ServiceException(
                ErrorKind.NOT_FOUND,
                "route_not_found",
                "No route " + ctx.request().method() + " " + ctx.request().path());
    }

    /** A 413 that says what the limit is, so a client knows how much to send; any other failure unchanged. */
    private static ServiceException naming(ServiceException error, int maxBodyBytes) {
        if (maxBodyBytes <= 0 || error.kind() != ErrorKind.PAYLOAD_TOO_LARGE || error instanceof BodyTooLarge) {
            return error;
        }
        return new BodyTooLarge(maxBodyBytes);
    }

    /** The 413 of a body over the configured limit, which it names. */
    static final class BodyTooLarge extends ServiceException {

        private final int limitBytes;

        BodyTooLarge(int limitBytes) {
            super(
                    ErrorKind.PAYLOAD_TOO_LARGE,
                    "payload_too_large",
                    "The request body is over the limit of " + limitBytes + " bytes");
            this.limitBytes = limitBytes;
        }

        int limitBytes() {
            return limitBytes;
        }
    }

    /**
     * What a failed request means, as the one error type: the failure itself when it is a ServiceException; a
     * refusal of vertx-web's own handlers, which report only a status code (the body limit's 413, 415, 404, 405,
     * other 4xx), as the service's error for it; otherwise an unexpected defect, logged here once (500, no details
     * to the client). JSON and HTML answers both start here.
     */
    static ServiceException failureOf(RoutingContext ctx) {
        Throwable failure = ctx.failure();
        if (failure instanceof ServiceException known) {
            return known;
        }
        int status = ctx.statusCode();
        if (status == 413 || failure instanceof io.vertx.core.http.HttpClosedException) {
            return tooLarge();
        } else if (status == 415) {
            return unsupportedMediaType();
        } else if (status == 404) {
            return ServiceException.notFound("Resource");
        } else if (status == 405) {
            return new ServiceException(ErrorKind.METHOD_NOT_ALLOWED, "method_not_allowed", "Method not allowed");
        } else if (status >= 400 && status < 500) {
            return unreadable();
        }
        String path = ctx.request().path();
        log.error(
                "unhandled failure on {} {} id={}",
                ctx.request().method(),
                path != null && path.startsWith("/checkout/") ? "/checkout/…" : path,
                RequestLog.id(ctx),
                failure);
        return new ServiceException(ErrorKind.INTERNAL, "internal_error", "Something went wrong on our side");
    }

    private static ServiceException unreadable() {
        return new ServiceException(ErrorKind.VALIDATION, "bad_request", "The request could not be read");
    }

    private static ServiceException tooLarge() {
        return new ServiceException(ErrorKind.PAYLOAD_TOO_LARGE, "payload_too_large", "The request body is too large");
    }

    private static ServiceException unsupportedMediaType() {
        return new ServiceException(
                ErrorKind.UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type", "Send the body as application/json");
    }
}
