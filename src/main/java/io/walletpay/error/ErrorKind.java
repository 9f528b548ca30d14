package io.walletpay.error;

/** What went wrong, independent of transport; the HTTP layer maps each kind to one status code. */
public enum ErrorKind {
    VALIDATION,
    UNAUTHORIZED,
    FORBIDDEN,
    NOT_FOUND,
    METHOD_NOT_ALLOWED,
    CONFLICT,
    GONE,
    PAYLOAD_TOO_LARGE,
    UNSUPPORTED_MEDIA_TYPE,
    RATE_LIMITED,
    INTERNAL,
    PROVIDER,
    UNAVAILABLE
}
