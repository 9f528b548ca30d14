package io.walletpay.page;

/**
 * Every problem a customer page can report, with its HTTP status and the keys of its title and text. Keys are
 * written out in full so the bundle test can find each one.
 */
public enum Problem {
    NOT_FOUND(404, "problem.not_found.title", "problem.not_found.text"),
    EXPIRED(410, "problem.expired.title", "problem.expired.text"),
    MERCHANT_DISABLED(403, "problem.disabled.title", "problem.disabled.text"),
    UNSUPPORTED_FORM(415, "problem.unsupported.title", "problem.unsupported.text"),
    TOO_LARGE(413, "problem.too_large.title", "problem.too_large.text"),
    NOT_ALLOWED(405, "problem.not_allowed.title", "problem.not_allowed.text"),
    INVALID(400, "problem.invalid.title", "problem.invalid.text"),
    CONFLICT(409, "problem.invalid.title", "problem.conflict.text"),
    UNREADABLE(400, "problem.unreadable.title", "problem.unreadable.text"),
    URI_TOO_LONG(414, "problem.unreadable.title", "problem.unreadable.text"),
    HEADERS_TOO_LARGE(431, "problem.unreadable.title", "problem.unreadable.text"),
    BUSY(503, "problem.busy.title", "problem.busy.text"),
    TOO_MANY(429, "problem.busy.title", "problem.busy.text"),
    INTERNAL(500, "problem.internal.title", "problem.internal.text"),
    PROVIDER_DOWN(502, "problem.provider_down.title", "problem.provider_down.text"),
    PROVIDER_NO_TRANSACTION(400, "problem.unconfirmed.title", "problem.provider_no_id.text"),
    PROVIDER_UNKNOWN(404, "problem.unconfirmed.title", "problem.provider_unknown.text"),
    PROVIDER_NOT_PAID(402, "problem.provider_not_paid.title", "problem.provider_not_paid.text"),
    PROVIDER_MISMATCH(409, "problem.unconfirmed.title", "problem.provider_mismatch.text"),
    PROVIDER_UNREACHABLE(502, "problem.unconfirmed.title", "problem.provider_unreachable.text");

    private final int status;
    private final String titleKey;
    private final String textKey;

    Problem(int status, String titleKey, String textKey) {
        this.status = status;
        this.titleKey = titleKey;
        this.textKey = textKey;
    }

    public int status() {
        return status;
    }

    public String titleKey() {
        return titleKey;
    }

    public String textKey() {
        return textKey;
    }
}
