package io.walletpay.payment;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * A payment as stored: what the merchant asked for, what it is charged, and where it stands. The last four are
 * what the live provider reported: the paying wallet ({@code payer}, shown masked), why a confirmed decline
 * failed, and whether a person must look at it ({@code needsReview}: the provider reported another amount or
 * order, {@code reviewReason} says which). {@code paymentLinkId} names the payment link it was made through, if any.
 */
public record Payment(
        UUID id,
        UUID merchantId,
        String referenceId,
        BigDecimal amount,
        BigDecimal fees,
        BigDecimal netAmount,
        PaymentStatus status,
        String customerName,
        String customerEmail,
        String description,
        String checkoutToken,
        String redirectUrl,
        String providerTransactionId,
        OffsetDateTime createdAt,
        OffsetDateTime updatedAt,
        OffsetDateTime completedAt,
        OffsetDateTime expiresAt,
        String payer,
        String failureReason,
        boolean needsReview,
        String reviewReason,
        UUID paymentLinkId) {

    public static final String CURRENCY = "HTG";
    public static final String METHOD = "wallet";
}
