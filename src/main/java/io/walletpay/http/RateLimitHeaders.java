package io.walletpay.http;

import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.merchant.Merchant;

/**
 * The rate limit's state on every answer to a merchant's authenticated request: {@code RateLimit-Limit} (creates per
 * second), {@code RateLimit-Remaining} (left now) and {@code RateLimit-Reset} (seconds until the bucket is full
 * again), read from the create limit's bucket as the answer's head is written, so a create's own answer already
 * counts it. A 429 keeps its {@code Retry-After}.
 */
final class RateLimitHeaders {

    static final String LIMIT = "RateLimit-Limit";
    static final String REMAINING = "RateLimit-Remaining";
    static final String RESET = "RateLimit-Reset";

    private final CreateRateLimiter limiter;

    RateLimitHeaders(CreateRateLimiter limiter) {
        this.limiter = limiter;
    }

    /** Runs after the bearer guard, so the merchant is known. */
    void handle(RoutingContext ctx) {
        Merchant merchant = MerchantGuard.merchant(ctx);
        if (merchant != null) {
            ctx.addHeadersEndHandler(written -> write(ctx.response(), limiter.quota(merchant.id())));
        }
        ctx.next();
    }

    private static void write(HttpServerResponse response, CreateRateLimiter.Quota quota) {
        response.putHeader(LIMIT, Long.toString(quota.limit()))
                .putHeader(REMAINING, Long.toString(quota.remaining()))
                .putHeader(RESET, Long.toString(quota.resetSeconds()));
    }
}
