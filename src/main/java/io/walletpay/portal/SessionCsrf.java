package io.walletpay.portal;

import io.vertx.ext.web.RoutingContext;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;

/**
 * The form token of a signed-in page, bound to its session: an HMAC of the session's id hash under a key derived
 * from the configured seed. Only a page served in that session carries it, so a token taken from any other session
 * (an attacker's own, with its own cookie) never passes with the victim's session cookie. The doors before a
 * session exists (sign-in, an invitation's page) keep vertx-web's CSRF handler.
 */
final class SessionCsrf {

    /** The form field (and header) the token travels in: the same as the doors' handler uses. */
    static final String FIELD = "X-XSRF-TOKEN";

    private final SessionKey key;

    SessionCsrf(SessionKey key) {
        this.key = key;
    }

    String tokenFor(byte[] sessionHash) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(key.of(sessionHash));
    }

    /** Whether the request carries its session's token (form field or header), compared in constant time. */
    boolean carried(RoutingContext ctx, byte[] sessionHash) {
        String offered = ctx.request().getFormAttribute(FIELD);
        if (offered == null) {
            offered = ctx.request().getHeader(FIELD);
        }
        if (offered == null) {
            return false;
        }
        return MessageDigest.isEqual(
                offered.getBytes(StandardCharsets.US_ASCII),
                tokenFor(sessionHash).getBytes(StandardCharsets.US_ASCII));
    }
}
