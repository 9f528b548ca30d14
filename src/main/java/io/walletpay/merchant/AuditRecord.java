package io.walletpay.merchant;

import java.time.OffsetDateTime;
import java.util.UUID;

/** One entry as stored. */
public record AuditRecord(
        long id, UUID merchantId, String actor, String sourceAddress, String action, String what, OffsetDateTime at) {}
