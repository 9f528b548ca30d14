package io.walletpay.http;

import io.vertx.ext.web.RoutingContext;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.Merchant;

/**
 * The bearer guard of {@code /api/merchant/**}: a valid token of an active merchant, or 401/403. The merchant
 * reaches handlers from the verified token only ({@link #merchant(RoutingContext)}).
 */
final class MerchantGuard {

    private static final String MERCHANT = "walletpay.merchant";

    private final MerchantTokens tokens;
    private final MerchantDirectory directory;

    MerchantGuard(MerchantTokens tokens, MerchantDirectory directory) {
        this.tokens = tokens;
        this.directory = directory;
    }

    void handle(RoutingContext ctx) {
        String header = ctx.request().getHeader("Authorization");
        if (header == null || header.length() < 8 || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            ctx.fail(unauthorized("Send Authorization: Bearer <token>"));
            return;
        }
        tokens.verify(header.substring(7).trim())
                .compose(directory::find)
                .recover(failure -> io.vertx.core.Future.failedFuture(
                        failure instanceof ServiceException e && e.kind() == ErrorKind.NOT_FOUND
                                ? unauthorized("The access token is not valid")
                                : failure))
                .onSuccess(merchant -> {
                    if (!merchant.active()) {
                        ctx.fail(new ServiceException(
                                ErrorKind.FORBIDDEN, "merchant_disabled", "This merchant is disabled"));
                        return;
                    }
                    ctx.put(MERCHANT, merchant);
                    ctx.next();
                })
                .onFailure(ctx::fail);
    }

    static Merchant merchant(RoutingContext ctx) {
        return ctx.get(MERCHANT);
    }

    static ServiceException unauthorized(String message) {
        return new ServiceException(ErrorKind.UNAUTHORIZED, "unauthorized", message);
    }
}
