package io.walletpay.people;

import java.util.Arrays;
import java.util.Locale;

/**
 * A person's role at their merchant. What each role may do is {@link Permissions}' table; this says only who must
 * have a second factor.
 */
public enum Role {
    /** Everything: the team, API keys, the payout phone. */
    OWNER,
    /** Money out, links, webhooks and settings, but not API keys, the payout phone or the team. */
    MANAGER,
    /** Payments (payer masked) and payment links; may cancel a pending payment. */
    CASHIER,
    /** API keys, webhooks and events; no money out; payer masked. */
    DEVELOPER,
    /** Reads only; payer masked. */
    VIEWER;

    /** Owners and managers can move money out, so they sign in with a second factor. */
    public boolean needsSecondFactor() {
        return this == OWNER || this == MANAGER;
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The role of a wire name ({@code owner}, …), or null when it names none. */
    public static Role of(String wireName) {
        return Arrays.stream(values())
                .filter(role -> role.wireName().equals(wireName))
                .findFirst()
                .orElse(null);
    }
}
