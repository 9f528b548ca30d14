package io.walletpay.error;

/**
 * What went wrong, independent of transport, and the one place that knows each kind's HTTP status: the API's JSON,
 * the customer's pages and the portal's pages all answer with {@link #status()}.
 */
public enum ErrorKind {
    VALIDATION(400),
    UNAUTHORIZED(401),
    PAYMENT_REQUIRED(402),
    FORBIDDEN(403),
    NOT_FOUND(404),
    METHOD_NOT_ALLOWED(405),
    CONFLICT(409),
    GONE(410),
    PAYLOAD_TOO_LARGE(413),
    URI_TOO_LONG(414),
    UNSUPPORTED_MEDIA_TYPE(415),
    RATE_LIMITED(429),
    HEADERS_TOO_LARGE(431),
    INTERNAL(500),
    PROVIDER(502),
    UNAVAILABLE(503);

    private final int status;

    ErrorKind(int status) {
        this.status = status;
    }

    public int status() {
        return status;
    }
}
