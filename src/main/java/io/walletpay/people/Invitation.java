package io.walletpay.people;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Objects;
import java.util.UUID;

/**
 * An invitation to join a merchant's team with a role: a link carrying a random token (only its SHA-256 is kept),
 * good once, for 72 hours. {@code invitedBy} is the audit log's name for who sent it.
 */
public record Invitation(
        UUID id,
        UUID merchantId,
        String email,
        Role role,
        String invitedBy,
        OffsetDateTime createdAt,
        OffsetDateTime expiresAt,
        OffsetDateTime usedAt,
        OffsetDateTime revokedAt) {

    /** How long an invitation link works. */
    public static final Duration LIFETIME = Duration.ofHours(72);

    public Invitation {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(merchantId, "merchantId");
        Objects.requireNonNull(email, "email");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(expiresAt, "expiresAt");
    }

    /** Whether the link still lets someone join at {@code now}: not used, not withdrawn, not expired. */
    public boolean open(OffsetDateTime now) {
        return usedAt == null && revokedAt == null && now.isBefore(expiresAt);
    }
}
