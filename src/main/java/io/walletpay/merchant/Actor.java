package io.walletpay.merchant;

import java.util.Objects;
import java.util.UUID;

/**
 * Who asks for a change, as the audit log records it: the merchant itself through the API (its id), the admin, or
 * the merchant through the portal ({@code portal:<merchant id>}), and the address the request came from.
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

    /** The merchant through the portal, with its session. */
    public static Actor portal(UUID merchantId, String sourceAddress) {
        return new Actor("portal:" + merchantId, sourceAddress);
    }
}
