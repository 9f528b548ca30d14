package io.walletpay.http;

import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;

/** 429: the caller should wait {@code retryAfterSeconds} before trying again. */
public final class RateLimitedException extends ServiceException {

    private final long retryAfterSeconds;

    public RateLimitedException(long retryAfterSeconds) {
        super(ErrorKind.RATE_LIMITED, "rate_limited", "Too many requests; retry after " + retryAfterSeconds + " s");
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
