package io.walletpay.merchant;

import java.util.Objects;
import java.util.UUID;

/**
 * Who asks for a change, as the audit log records it: the merchant itself through the API (its id), the admin, or a
 * person through the portal ({@code person:<e-mail>}), and the address the request came from.
 */
public record Actor(String who, String sourceAddress) {

    public Actor {
        Objects.requireNonNull(who, "who");
        Objects.requireNonNull(sourceAddress, "sourceAddress");
    }

    /** The merchant through the API, with its bearer token. */
    public static Actor merchant(UUID merchantId, String sourceAddress) {
        return new Actor(merchantId.toString(), sourceAddress);
    }

    /** The admin, with the admin token. */
    public static Actor admin(String sourceAddress) {
        return new Actor("admin", sourceAddress);
    }

    /** A person through the portal, by the e-mail they sign in with. */
    public static Actor person(String email, String sourceAddress) {
        return new Actor("person:" + email, sourceAddress);
    }
}
