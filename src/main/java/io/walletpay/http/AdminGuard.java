package io.walletpay.http;

import io.vertx.ext.web.RoutingContext;
import io.walletpay.merchant.Secrets;

/** The guard of {@code /api/admin/**}: {@code Authorization: Bearer <admin token>}, compared in constant time. */
final class AdminGuard {

    private final String adminToken;

    AdminGuard(String adminToken) {
        this.adminToken = adminToken;
    }

    void handle(RoutingContext ctx) {
        String header = ctx.request().getHeader("Authorization");
        String offered = header != null && header.regionMatches(true, 0, "Bearer ", 0, 7)
                ? header.substring(7).trim()
                : null;
        if (!Secrets.sameToken(offered, adminToken)) {
            ctx.fail(MerchantGuard.unauthorized("Send Authorization: Bearer <admin token>"));
            return;
        }
        ctx.next();
    }
}
