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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads the body of a customer's request to the pages, within a size limit. A url-encoded form, which is what the
 * checkout and payment-link pages post, becomes the request's form attributes; any other body goes to vertx-web's
 * {@link BodyHandler}.
 *
 * <p>Vert.x's own form decoding is Netty's multipart decoder, which ends every form it reads by throwing an
 * exception: the decoder and that exception's stack trace were 5 % of the service's CPU with customers paying at
 * 1 000 payments a second. Here each field is decoded with Netty's {@link QueryStringDecoder#decodeComponent}, within
 * Vert.x's own limits ({@link #fields}); a body over the size limit is a 413 and a form that breaks a rule a 400, each
 * through the route's failure handler. A request with an {@code Expect} header, rare from a browser, is left to
 * {@link BodyHandler}, which answers it. Routes using this handler do not reroute: a rerouted request has already
 * ended, and BodyHandler refuses one.
 *
 * <p>Only for routes that read the form's attributes: {@code ctx.body()} stays empty for a form, so the portal,
 * whose CSRF handler looks for vertx-web's own body handler, keeps that one.
 */
public final class FormBody implements Handler<RoutingContext> {

    /** Vert.x's own defaults, {@code HttpServerOptions.DEFAULT_MAX_FORM_FIELDS} and {@code _ATTRIBUTE_SIZE}. */
    static final int MAX_FIELDS = 256;

    static final int MAX_FIELD_CHARS = 8192;

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

    /**
     * The form's fields in the order sent, as a browser encodes them: {@code &} between fields, {@code =} between
     * name and value, each percent-decoded as UTF-8 with {@code +} a space. A line end closing the body is not part
     * of the last value. An undecodable escape, a field without a name or longer than {@value #MAX_FIELD_CHARS}
     * characters, or more than {@value #MAX_FIELDS} fields is an {@link IllegalArgumentException}.
     */
    static Map<String, List<String>> fields(String body) {
        Map<String, List<String>> fields = new LinkedHashMap<>();
        int count = 0;
        for (String field : stripLineEnd(body).split("&")) {
            if (field.isEmpty()) {
                continue;
            }
            if (++count > MAX_FIELDS) {
                throw new IllegalArgumentException("a form of more than " + MAX_FIELDS + " fields");
            }
            if (field.length() > MAX_FIELD_CHARS) {
                throw new IllegalArgumentException("a form field of more than " + MAX_FIELD_CHARS + " characters");
            }
            int equals = field.indexOf('=');
            String name = decoded(equals < 0 ? field : field.substring(0, equals));
            if (name.isEmpty()) {
                throw new IllegalArgumentException("a form field without a name");
            }
            fields.computeIfAbsent(name, n -> new ArrayList<>())
                    .add(equals < 0 ? "" : decoded(field.substring(equals + 1)));
        }
        return fields;
    }

    private static String decoded(String component) {
        return QueryStringDecoder.decodeComponent(component, StandardCharsets.UTF_8);
    }

    private static String stripLineEnd(String body) {
        int end = body.length();
        while (end > 0 && (body.charAt(end - 1) == '\n' || body.charAt(end - 1) == '\r')) {
            end--;
        }
        return body.substring(0, end);
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
