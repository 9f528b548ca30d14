package io.walletpay.payment;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/** A link about to be stored; {@code amount} null means the customer types it, from {@code minAmount}. */
public record NewLink(
        UUID id,
        UUID merchantId,
        String code,
        BigDecimal amount,
        BigDecimal minAmount,
        String description,
        String referenceId,
        OffsetDateTime expiresAt,
        Integer maxPayments,
        OffsetDateTime createdAt) {}
