package io.walletpay.people;

import java.util.Arrays;
import java.util.Locale;

/**
 * How far a portal session has come: the password was right and the code is asked ({@code code}), the password was
 * right and a second factor must be set up first ({@code enrol}), or the person is in ({@code in}). Only a session
 * that is in opens the portal's pages.
 */
public enum SignInStep {
    CODE,
    ENROL,
    IN;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static SignInStep of(String wireName) {
        return Arrays.stream(values())
                .filter(step -> step.wireName().equals(wireName))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no sign-in step " + wireName));
    }
}
