package io.walletpay.page;

import io.walletpay.error.ErrorKind;

/**
 * Every problem a customer page can report: the kind of failure it is (which gives its HTTP status), the keys of
 * its title and text, and whether the page also says that no money left the customer's account (a payment that
 * can no longer be paid, or that MonCash says was not paid). Keys are written out in full so the bundle test can
 * find each one.
 */
public enum Problem {
    NOT_FOUND(ErrorKind.NOT_FOUND, "problem.not_found.title", "problem.not_found.text"),
    EXPIRED(ErrorKind.GONE, "problem.expired.title", "problem.expired.text", true),
    MERCHANT_DISABLED(ErrorKind.FORBIDDEN, "problem.disabled.title", "problem.disabled.text"),
    UNSUPPORTED_FORM(ErrorKind.UNSUPPORTED_MEDIA_TYPE, "problem.unsupported.title", "problem.unsupported.text"),
    TOO_LARGE(ErrorKind.PAYLOAD_TOO_LARGE, "problem.too_large.title", "problem.too_large.text"),
    NOT_ALLOWED(ErrorKind.METHOD_NOT_ALLOWED, "problem.not_allowed.title", "problem.not_allowed.text"),
    INVALID(ErrorKind.VALIDATION, "problem.invalid.title", "problem.invalid.text"),
    CONFLICT(ErrorKind.CONFLICT, "problem.invalid.title", "problem.conflict.text"),
    UNREADABLE(ErrorKind.VALIDATION, "problem.unreadable.title", "problem.unreadable.text"),
    URI_TOO_LONG(ErrorKind.URI_TOO_LONG, "problem.unreadable.title", "problem.unreadable.text"),
    HEADERS_TOO_LARGE(ErrorKind.HEADERS_TOO_LARGE, "problem.unreadable.title", "problem.unreadable.text"),
    BUSY(ErrorKind.UNAVAILABLE, "problem.busy.title", "problem.busy.text"),
    INTERNAL(ErrorKind.INTERNAL, "problem.internal.title", "problem.internal.text"),
    PROVIDER_DOWN(ErrorKind.PROVIDER, "problem.provider_down.title", "problem.provider_down.text"),
    PROVIDER_NO_TRANSACTION(ErrorKind.VALIDATION, "problem.unconfirmed.title", "problem.provider_no_id.text"),
    PROVIDER_UNKNOWN(ErrorKind.NOT_FOUND, "problem.unconfirmed.title", "problem.provider_unknown.text"),
    PROVIDER_NOT_PAID(
            ErrorKind.PAYMENT_REQUIRED, "problem.provider_not_paid.title", "problem.provider_not_paid.text", true),
    PROVIDER_MISMATCH(ErrorKind.CONFLICT, "problem.unconfirmed.title", "problem.provider_mismatch.text"),
    PROVIDER_UNREACHABLE(ErrorKind.PROVIDER, "problem.unconfirmed.title", "problem.provider_unreachable.text"),
    PROVIDER_BUSY(ErrorKind.RATE_LIMITED, "problem.unconfirmed.title", "problem.provider_busy.text"),
    TOO_MANY(ErrorKind.RATE_LIMITED, "problem.busy.title", "problem.busy.text");

    private final ErrorKind kind;
    private final String titleKey;
    private final String textKey;
    private final boolean noMoneyTaken;

    Problem(ErrorKind kind, String titleKey, String textKey) {
        this(kind, titleKey, textKey, false);
    }

    Problem(ErrorKind kind, String titleKey, String textKey, boolean noMoneyTaken) {
        this.kind = kind;
        this.titleKey = titleKey;
        this.textKey = textKey;
        this.noMoneyTaken = noMoneyTaken;
    }

    public ErrorKind kind() {
        return kind;
    }

    /** The page a failure of {@code kind} shows when nothing more specific applies. */
    public static Problem of(ErrorKind kind) {
        return switch (kind) {
            case NOT_FOUND -> NOT_FOUND;
            case GONE -> EXPIRED;
            case FORBIDDEN -> MERCHANT_DISABLED;
            case PROVIDER -> PROVIDER_DOWN;
            case UNAVAILABLE -> BUSY;
            case RATE_LIMITED -> TOO_MANY;
            case VALIDATION, UNAUTHORIZED, PAYMENT_REQUIRED -> INVALID;
            case CONFLICT -> CONFLICT;
            case PAYLOAD_TOO_LARGE -> TOO_LARGE;
            case URI_TOO_LONG -> URI_TOO_LONG;
            case HEADERS_TOO_LARGE -> HEADERS_TOO_LARGE;
            case UNSUPPORTED_MEDIA_TYPE -> UNSUPPORTED_FORM;
            case METHOD_NOT_ALLOWED -> NOT_ALLOWED;
            case INTERNAL -> INTERNAL;
        };
    }

    public String titleKey() {
        return titleKey;
    }

    public String textKey() {
        return textKey;
    }

    /** The page ends by saying no money left the customer's account, in the words the decline banner uses. */
    public boolean noMoneyTaken() {
        return noMoneyTaken;
    }
}
