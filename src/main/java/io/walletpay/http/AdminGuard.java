package io.walletpay.http;

import io.vertx.ext.web.RoutingContext;
import io.walletpay.login.LoginThrottle;
import io.walletpay.merchant.Secrets;

/**
 * The guard of {@code /api/admin/**}: {@code Authorization: Bearer <admin token>}, compared in constant time;
 * wrong tokens count as failed logins of the account {@value #ACCOUNT}, so guessing is slowed like at the token
 * endpoint.
 */
final class AdminGuard {

    static final String ACCOUNT = "admin";

    private final String adminToken;
    private final LoginThrottle logins;

    AdminGuard(String adminToken, LoginThrottle logins) {
        this.adminToken = adminToken;
        this.logins = logins;
    }

    void handle(RoutingContext ctx) {
        String header = ctx.request().getHeader("Authorization");
        String offered = header != null && header.regionMatches(true, 0, "Bearer ", 0, 7)
                ? header.substring(7).trim()
                : null;
        String source = ctx.request().remoteAddress().hostAddress();
        var wait = logins.blocked(source, ACCOUNT);
        if (wait.isPresent()) {
            ctx.fail(RateLimitedException.after(wait.get()));
            return;
        }
        if (!Secrets.sameToken(offered, adminToken)) {
            logins.failed(source, ACCOUNT);
            ctx.fail(MerchantGuard.unauthorized("Send Authorization: Bearer <admin token>"));
            return;
        }
        ctx.next();
    }
}
