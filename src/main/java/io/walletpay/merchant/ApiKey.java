package io.walletpay.merchant;

import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * A restricted API key as stored and listed: never the key itself, only its first characters ({@code prefix}) to
 * tell keys apart. {@code revokedAt} is null while the key can get tokens.
 */
public record ApiKey(
        UUID id,
        UUID merchantId,
        KeyScope scope,
        String description,
        String prefix,
        OffsetDateTime createdAt,
        OffsetDateTime revokedAt) {

    public boolean active() {
        return revokedAt == null;
    }
}
