package io.walletpay.http;

import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.login.LoginThrottle;
import io.walletpay.merchant.Merchant;
import io.walletpay.net.ClientAddress;

/**
 * The state of the limit that applies, on every answer under {@code /api/}: {@code RateLimit-Limit},
 * {@code RateLimit-Remaining} and {@code RateLimit-Reset} (seconds until the bucket is full again), read as the
 * answer's head is written, so a request's own answer already counts it. A 429 keeps its {@code Retry-After}.
 *
 * <p>Which limit: once the bearer guard knows the merchant, the merchant's create limit (creates per second); before
 * that (the token endpoint, the admin routes, a request the bearer check refuses) the login throttle of the caller's
 * address (failed logins per window), for the account the request names when it names one ({@link #LOGIN_ACCOUNT}:
 * the merchant id sent to the token endpoint, the admin account), as those are the limits such requests meet.
 */
final class RateLimitHeaders {

    static final String LIMIT = "RateLimit-Limit";
    static final String REMAINING = "RateLimit-Remaining";
    static final String RESET = "RateLimit-Reset";

    /** The routing context's key for the account a login request names, set by whoever reads it. */
    static final String LOGIN_ACCOUNT = "walletpay.login-account";

    private final CreateRateLimiter limiter;
    private final LoginThrottle logins;

    RateLimitHeaders(CreateRateLimiter limiter, LoginThrottle logins) {
        this.limiter = limiter;
        this.logins = logins;
    }

    /** Runs first on {@code /api/*}; what the answer says is decided when its head is written. */
    void handle(RoutingContext ctx) {
        ctx.addHeadersEndHandler(written -> {
            Merchant merchant = MerchantGuard.merchant(ctx);
            if (merchant != null) {
                CreateRateLimiter.Quota quota = limiter.quota(merchant.id());
                write(ctx.response(), quota.limit(), quota.remaining(), quota.resetSeconds());
            } else {
                LoginThrottle.Quota quota = logins.quota(ClientAddress.of(ctx), ctx.get(LOGIN_ACCOUNT));
                write(ctx.response(), quota.limit(), quota.remaining(), quota.resetSeconds());
            }
        });
        ctx.next();
    }

    /** Names the account a login request is for, so its answer states that account's limit from this address. */
    static void loginAccount(RoutingContext ctx, String account) {
        ctx.put(LOGIN_ACCOUNT, account);
    }

    private static void write(HttpServerResponse response, long limit, long remaining, long reset) {
        response.putHeader(LIMIT, Long.toString(limit))
                .putHeader(REMAINING, Long.toString(remaining))
                .putHeader(RESET, Long.toString(reset));
    }
}
