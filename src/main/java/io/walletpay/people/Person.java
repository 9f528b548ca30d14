package io.walletpay.people;

import java.time.OffsetDateTime;
import java.util.Objects;
import java.util.UUID;

/**
 * Someone who signs in to the portal: their e-mail is their sign-in name, their password is kept as an Argon2id
 * hash, and their TOTP secret is null until they enrol a second factor. {@code totpLastStep} is the last time step
 * a code was accepted for, so the same code never opens two sessions. {@code merchantId} is the live merchant's.
 */
public record Person(
        UUID id,
        UUID merchantId,
        String email,
        String name,
        Role role,
        String passwordHash,
        byte[] totpSecret,
        long totpLastStep,
        OffsetDateTime createdAt) {

    public Person {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(merchantId, "merchantId");
        Objects.requireNonNull(email, "email");
        Objects.requireNonNull(role, "role");
    }

    public boolean enrolled() {
        return totpSecret != null;
    }

    /** What signing in asks after the password: the code, enrolment first, or nothing more. */
    public SignInStep stepAfterPassword() {
        if (enrolled()) {
            return SignInStep.CODE;
        }
        return role.needsSecondFactor() ? SignInStep.ENROL : SignInStep.IN;
    }
}
