package io.walletpay.mail;

import io.walletpay.page.Language;
import java.time.Instant;
import java.util.Objects;
import java.util.Set;

/**
 * One invitation to a shop's team, as the e-mail tells it: who receives it ({@code to}), the single-use link, the
 * shop that invites, the role by its wire name ({@code owner}, {@code manager}, {@code cashier}, {@code developer},
 * {@code viewer}), the language it is written in, and when the link stops working.
 */
public record InviteLetter(
        String to, String inviteUrl, String merchantName, String role, Language language, Instant expiresAt) {

    /** The roles a person may be invited with, by the names the API and the forms use. */
    public static final Set<String> ROLES = Set.of("owner", "manager", "cashier", "developer", "viewer");

    public InviteLetter {
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(inviteUrl, "inviteUrl");
        Objects.requireNonNull(merchantName, "merchantName");
        Objects.requireNonNull(language, "language");
        Objects.requireNonNull(expiresAt, "expiresAt");
        if (!ROLES.contains(role)) {
            throw new IllegalArgumentException("unknown role '" + role + "', expected one of " + ROLES);
        }
    }
}
