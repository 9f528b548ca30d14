package io.walletpay.payment;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * A payment as stored: what the merchant asked for, what it is charged, and where it stands. The last four are
 * what the live provider reported: the paying wallet ({@code payer}, shown masked), why a confirmed decline
 * failed, and whether a person must look at it ({@code needsReview}: the provider reported another amount or
 * order, {@code reviewReason} says which). {@code paymentLinkId} names the payment link it was made through, if any. {@code shortCode} is
 * what a customer reads to the shop over the phone ({@code WP-7K3M9Q2X}); {@code declines} counts the wallet's
 * declines while the customer tried to pay; {@code amountRefunded} what has gone back to the customer (refunds not
 * failed; the status stays completed).
 */
public record Payment(
        UUID id,
        String shortCode,
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
        UUID paymentLinkId,
        int declines,
        BigDecimal amountRefunded) {

    public static final String CURRENCY = "HTG";
    public static final String METHOD = "wallet";
}
