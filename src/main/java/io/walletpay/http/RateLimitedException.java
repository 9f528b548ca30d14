package io.walletpay.http;

import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.error.ThrottleWait;

/** 429: the caller should wait {@code retryAfterSeconds} before trying again. */
public final class RateLimitedException extends ServiceException {

    private final long retryAfterSeconds;

    public RateLimitedException(long retryAfterSeconds) {
        super(ErrorKind.RATE_LIMITED, "rate_limited", "Too many requests; retry after " + retryAfterSeconds + " s");
        this.retryAfterSeconds = retryAfterSeconds;
    }

    /** The 429 for a caller that must wait {@code wait} (a refused login), in whole seconds. */
    public static RateLimitedException after(java.time.Duration wait) {
        return new RateLimitedException(ThrottleWait.seconds(wait));
    }

    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
