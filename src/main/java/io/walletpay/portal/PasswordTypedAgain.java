package io.walletpay.portal;

import io.vertx.core.Future;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.login.PersonLogin;
import io.walletpay.net.ClientAddress;
import io.walletpay.people.Person;

/**
 * The signed-in person's password typed again in a portal form before a change that a session taken from an
 * unattended browser must not make alone (the payout number, a new secret key): the sign-in's check,
 * throttled like a sign-in, and its refusal said on the form's own page. While throttled that is 429 with
 * {@code Retry-After} and the wait; a wrong password is 403.
 */
final class PasswordTypedAgain {

    /** Shows the form's page again with {@code status} and {@code text}, in the page's language. */
    interface Refusal {
        void show(int status, String text);
    }

    private final PersonLogin login;
    private final PortalPages pages;

    PasswordTypedAgain(PersonLogin login, PortalPages pages) {
        this.login = login;
        this.pages = pages;
    }

    /** True when {@code typed} is the person's password; otherwise the refusal has been shown and it is false. */
    Future<Boolean> check(RoutingContext ctx, String typed, Refusal refusal) {
        Person person = PortalPages.person(ctx);
        return login.password(ClientAddress.of(ctx), person.email(), typed).map(outcome -> {
            if (outcome instanceof PersonLogin.Verified verified
                    && verified.person().id().equals(person.id())) {
                return true;
            }
            PortalText t = pages.text(ctx);
            if (outcome instanceof PersonLogin.Throttled throttled) {
                long seconds = throttled.retryAfterSeconds();
                ctx.response().putHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
                refusal.show(429, t.get("login.throttled", seconds));
            } else {
                refusal.show(403, t.get("money.wrong_password"));
            }
            return false;
        });
    }
}
