package io.walletpay.merchant;

import java.util.Arrays;
import java.util.Locale;

/**
 * What a token may do, by the key it was issued for: the secret key everything; a restricted key {@code read_only}
 * (every read but the key list) or {@code payments} (create, read and cancel payments and payment links, nothing
 * else). What each route needs is {@link io.walletpay.http.RouteScopes}'s table; this says which needs a scope meets.
 */
public enum KeyScope {
    /** The secret key's: every route. */
    FULL,
    READ_ONLY,
    PAYMENTS;

    /** What a route needs of the token's scope. */
    public enum Need {
        /** Reads payments or payment links: every scope. */
        PAYMENT_READ,
        /** Creates or cancels payments or payment links: the secret key and {@code payments}. */
        PAYMENT_WRITE,
        /** Any other read: the secret key and {@code read_only}. */
        READ,
        /** Anything else (settings, money out, webhooks, keys): the secret key only. */
        SECRET_KEY
    }

    public boolean allows(Need need) {
        return switch (this) {
            case FULL -> true;
            case READ_ONLY -> need == Need.PAYMENT_READ || need == Need.READ;
            case PAYMENTS -> need == Need.PAYMENT_READ || need == Need.PAYMENT_WRITE;
        };
    }

    /** The wire name ({@code read_only}, {@code payments}); the secret key's scope has none on the wire. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The restricted scope of a wire name, or null when it names none ({@code full} is not one a key can have). */
    public static KeyScope restricted(String wireName) {
        return Arrays.stream(values())
                .filter(scope -> scope != FULL && scope.wireName().equals(wireName))
                .findFirst()
                .orElse(null);
    }
}
