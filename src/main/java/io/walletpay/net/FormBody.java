package io.walletpay.net;

import io.netty.handler.codec.http.QueryStringDecoder;
import io.vertx.core.Handler;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads the body of a customer's request to the pages, within a size limit. A url-encoded form, which is what the
 * checkout and payment-link pages post, becomes the request's form attributes; any other body goes to vertx-web's
 * {@link BodyHandler}.
 *
 * <p>The form is decoded with Netty's {@link QueryStringDecoder}, not Vert.x's own form decoding: that one is
 * Netty's multipart decoder, which ends every form it reads by throwing an exception, and filling in that
 * exception's stack trace was 3 % of the service's CPU with customers paying at 1 000 payments a second. The rules
 * are the same: {@code &} between fields, {@code +} a space, percent-escapes in UTF-8, at most {@value #MAX_FIELDS}
 * fields; a body over the limit is a 413, an undecodable one a 400, each through the route's failure handler.
 *
 * <p>Only for routes that read the form's attributes: {@code ctx.body()} stays empty for a form, so the portal,
 * whose CSRF handler looks for vertx-web's own body handler, keeps that one.
 */
public final class FormBody implements Handler<RoutingContext> {

    /** Vert.x's own default, {@code HttpServerOptions.DEFAULT_MAX_FORM_FIELDS}. */
    static final int MAX_FIELDS = 256;

    private static final String FORM = "application/x-www-form-urlencoded";

    private final int limit;
    private final BodyHandler others;

    private FormBody(int limit) {
        this.limit = limit;
        this.others = BodyHandler.create(false).setBodyLimit(limit);
    }

    /** Bodies of at most {@code bytes}. */
    public static FormBody limitedTo(int bytes) {
        return new FormBody(bytes);
    }

    @Override
    public void handle(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        if (!isForm(request) || request.getHeader(HttpHeaders.EXPECT) != null || request.isEnded()) {
            others.handle(ctx);
            return;
        }
        String declared = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        if (declared != null && declaredOver(declared)) {
            ctx.fail(413);
            return;
        }
        new Reading(ctx).start();
    }

    private boolean declaredOver(String contentLength) {
        try {
            return Long.parseLong(contentLength.strip()) > limit;
        } catch (NumberFormatException e) {
            return false; // Netty has already refused a request whose length is not a number
        }
    }

    private static boolean isForm(HttpServerRequest request) {
        String type = request.getHeader(HttpHeaders.CONTENT_TYPE);
        return type != null && type.toLowerCase(Locale.ROOT).startsWith(FORM);
    }

    /** The form's fields, decoded; an undecodable escape or too many fields is an {@link IllegalArgumentException}. */
    static Map<String, List<String>> fields(String body) {
        Map<String, List<String>> fields = QueryStringDecoder.builder()
                .hasPath(false)
                .maxParams(MAX_FIELDS + 1)
                .semicolonIsNormalChar(true)
                .charset(StandardCharsets.UTF_8)
                .build(body)
                .parameters();
        if (fields.values().stream().mapToInt(List::size).sum() > MAX_FIELDS) {
            throw new IllegalArgumentException("a form of more than " + MAX_FIELDS + " fields");
        }
        return fields;
    }

    /** One request's body as it arrives. */
    private final class Reading {
        private final RoutingContext ctx;
        private final Buffer body = Buffer.buffer();
        private boolean failed;

        Reading(RoutingContext ctx) {
            this.ctx = ctx;
        }

        void start() {
            ctx.request()
                    .exceptionHandler(this::fail)
                    .handler(this::append)
                    .endHandler(ended -> decode())
                    .resume();
        }

        private void append(Buffer chunk) {
            if (failed) {
                return;
            }
            if (body.length() + chunk.length() > limit) {
                failed = true;
                ctx.fail(413);
                return;
            }
            body.appendBuffer(chunk);
        }

        private void decode() {
            if (failed || ctx.failed()) {
                return;
            }
            Map<String, List<String>> fields;
            try {
                fields = fields(body.toString(StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                fail(e);
                return;
            }
            MultiMap form = ctx.request().formAttributes();
            fields.forEach(form::add);
            ctx.next();
        }

        private void fail(Throwable cause) {
            if (!failed) {
                failed = true;
                ctx.fail(400, cause);
            }
        }
    }
}
