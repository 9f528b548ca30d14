package io.walletpay.http;

import io.vertx.ext.web.RoutingContext;
import io.walletpay.login.LoginThrottle;
import io.walletpay.merchant.Secrets;
import io.walletpay.net.ClientAddress;

/**
 * A bearer-token door: {@code /api/admin/**} with the admin token, {@code /metrics} on the API port with the metrics
 * token. Tokens are compared in constant time; a wrong one counts as a failed login of the account it guards
 * ({@value #ADMIN} or {@value #METRICS}) from the caller's address, so guessing is slowed for that address only and
 * the holder of the token, from anywhere else, is never locked out.
 */
final class AdminGuard {

    static final String ADMIN = "admin";
    static final String METRICS = "metrics";

    private final String token;
    private final String account;
    private final LoginThrottle logins;

    AdminGuard(String token, String account, LoginThrottle logins) {
        this.token = token;
        this.account = account;
        this.logins = logins;
    }

    /** The admin API's door. */
    static AdminGuard admin(String adminToken, LoginThrottle logins) {
        return new AdminGuard(adminToken, ADMIN, logins);
    }

    void handle(RoutingContext ctx) {
        String header = ctx.request().getHeader("Authorization");
        String offered = header != null && header.regionMatches(true, 0, "Bearer ", 0, 7)
                ? header.substring(7).trim()
                : null;
        String source = ClientAddress.of(ctx);
        RateLimitHeaders.loginAccount(ctx, account);
        var wait = logins.blocked(source, account);
        if (wait.isPresent()) {
            ctx.fail(RateLimitedException.after(wait.get()));
            return;
        }
        if (!Secrets.sameToken(offered, token)) {
            logins.failed(source, account);
            ctx.fail(MerchantGuard.unauthorized("Send Authorization: Bearer <" + account + " token>"));
            return;
        }
        ctx.next();
    }
}
