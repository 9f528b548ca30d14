package io.walletpay.money;

import java.math.BigDecimal;
import java.util.UUID;

/**
 * A refund ({@code paymentId} set; {@code amount} null for what is left of the payment) or a payout asked for,
 * with its {@code Idempotency-Key} (nullable) and the fingerprint of the request that carried it; {@code provider}
 * pays a payout (a refund goes back through the provider that took its payment); {@code requestedBy} names who asks,
 * as the audit log does (the four-eyes rule keeps that person from approving it).
 */
public record NewTransfer(
        UUID id,
        TransferKind kind,
        UUID merchantId,
        UUID paymentId,
        BigDecimal amount,
        String reason,
        String idempotencyKey,
        byte[] requestHash,
        String provider,
        String requestedBy) {

    /** A transfer asked for by the merchant itself through the API (its id names it). */
    public NewTransfer(
            UUID id,
            TransferKind kind,
            UUID merchantId,
            UUID paymentId,
            BigDecimal amount,
            String reason,
            String idempotencyKey,
            byte[] requestHash,
            String provider) {
        this(
                id,
                kind,
                merchantId,
                paymentId,
                amount,
                reason,
                idempotencyKey,
                requestHash,
                provider,
                merchantId.toString());
    }
}
