package io.walletpay.payment;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * A link as stored, with its payments: {@code paymentsCount} and {@code amountCollected} count completed ones,
 * {@code paymentsInUse} those that hold one of {@code maxPayments} (completed, or pending, expired or not),
 * {@code heldUntil} the earliest expiry of the pending ones (null when none): when a place may free up.
 */
public record PaymentLink(
        UUID id,
        UUID merchantId,
        String code,
        BigDecimal amount,
        BigDecimal minAmount,
        String description,
        String referenceId,
        OffsetDateTime expiresAt,
        Integer maxPayments,
        boolean active,
        OffsetDateTime createdAt,
        int paymentsCount,
        BigDecimal amountCollected,
        int paymentsInUse,
        OffsetDateTime heldUntil) {

    /** Why a link takes no more payments. */
    public enum Gone {
        DEACTIVATED,
        EXPIRED,
        USED_UP
    }

    /** Why the link takes no payment at {@code now}, or null when it takes one. */
    public Gone gone(OffsetDateTime now) {
        if (!active) {
            return Gone.DEACTIVATED;
        }
        if (expiresAt != null && !expiresAt.isAfter(now)) {
            return Gone.EXPIRED;
        }
        if (maxPayments != null && paymentsCount >= maxPayments) {
            return Gone.USED_UP;
        }
        return null;
    }

    /**
     * Whether every place left is held by a payment still in progress, so the link takes none now but may later
     * (from {@link #heldUntil()}, if that payment is not paid). A link that is {@link #gone} is not busy.
     */
    public boolean busy(OffsetDateTime now) {
        return gone(now) == null && maxPayments != null && paymentsInUse >= maxPayments;
    }
}
