package io.walletpay.http;

import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;

/** The request body of a JSON route: refused with 415 unless sent as {@code application/json}. */
final class Bodies {

    private Bodies() {}

    static byte[] json(RoutingContext ctx) {
        if (!mediaType(ctx).equals("application/json")) {
            throw new ServiceException(
                    ErrorKind.UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type", "Send the body as application/json");
        }
        Buffer body = ctx.body().buffer();
        if (body == null || body.length() == 0) {
            throw new ServiceException(
                    ErrorKind.VALIDATION, "malformed_json", "The body must be one valid JSON object");
        }
        return body.getBytes();
    }

    /** The request's media type without parameters, in lower case; "" when there is no Content-Type. */
    static String mediaType(RoutingContext ctx) {
        String contentType = ctx.request().getHeader("Content-Type");
        if (contentType == null) {
            return "";
        }
        int semicolon = contentType.indexOf(';');
        return (semicolon < 0 ? contentType : contentType.substring(0, semicolon))
                .trim()
                .toLowerCase(java.util.Locale.ROOT);
    }
}
