package io.walletpay.portal;

import io.vertx.core.Future;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.login.MerchantLogin;
import io.walletpay.merchant.Merchant;
import io.walletpay.net.ClientAddress;

/**
 * The current secret key typed again in a portal form before a change that a session taken from an unattended
 * browser must not make alone (the payout number, a new secret key): the login's check, throttled like a login, and
 * its refusal said on the form's own page. While the address is throttled that is 429 with {@code Retry-After} and
 * the wait (the key may well be right); a wrong key is 403.
 */
final class KeyTypedAgain {

    /** Shows the form's page again with {@code status} and {@code text}, in the page's language. */
    interface Refusal {
        void show(int status, String text);
    }

    private final MerchantLogin login;
    private final PortalPages pages;

    KeyTypedAgain(MerchantLogin login, PortalPages pages) {
        this.login = login;
        this.pages = pages;
    }

    /** True when {@code typed} is the merchant's key; otherwise the refusal has been shown and it is false. */
    Future<Boolean> check(RoutingContext ctx, Merchant merchant, String typed, Refusal refusal) {
        // the portal's key is the one it signs in with, the live merchant's, in test mode too
        Merchant live = PortalPages.liveMerchant(ctx);
        return login.attempt(ClientAddress.of(ctx), live.id().toString(), live.id(), typed)
                .map(outcome -> {
                    if (outcome instanceof MerchantLogin.Verified verified
                            && verified.merchant().id().equals(live.id())) {
                        return true;
                    }
                    PortalText t = pages.text(ctx);
                    if (outcome instanceof MerchantLogin.Throttled throttled) {
                        long seconds = throttled.retryAfterSeconds();
                        ctx.response().putHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
                        refusal.show(429, t.get("login.throttled", seconds));
                    } else {
                        refusal.show(403, t.get("money.wrong_key"));
                    }
                    return false;
                });
    }
}
