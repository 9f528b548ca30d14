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
 * failed; the status stays completed). {@code provider} names the wallet provider that took it ({@code sandbox},
 * {@code moncash}): everything later asked of a provider about it goes there. {@code livemode} is false for a test
 * twin's payment, always paid in the sandbox.
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
        BigDecimal amountRefunded,
        String provider,
        boolean livemode) {

    public static final String CURRENCY = "HTG";
    public static final String METHOD = "wallet";

    /** {@code payment} as first stored: pending, nothing refunded, made through the link {@code paymentLinkId} or none. */
    public static Payment stored(NewPayment payment, UUID paymentLinkId) {
        CreatePaymentRequest request = payment.request();
        return new Payment(
                payment.id(),
                payment.shortCode(),
                payment.merchantId(),
                request.referenceId(),
                payment.charge().amount(),
                payment.charge().fees(),
                payment.charge().netAmount(),
                PaymentStatus.PENDING,
                request.customerName(),
                request.customerEmail(),
                request.description(),
                payment.checkoutToken(),
                payment.redirectUrl(),
                null,
                payment.createdAt(),
                payment.createdAt(),
                null,
                payment.expiresAt(),
                null,
                null,
                false,
                null,
                paymentLinkId,
                0,
                BigDecimal.ZERO,
                payment.provider(),
                payment.livemode());
    }

    /**
     * This payment moved from pending to {@code target} at {@code at}: only a completed one keeps its fees and net
     * and gets a completion time; the provider's details given (not null) replace those it had.
     */
    public Payment leftPending(
            PaymentStatus target, String providerTransactionId, String payer, String failureReason, OffsetDateTime at) {
        boolean completed = target == PaymentStatus.COMPLETED;
        BigDecimal none = new BigDecimal("0.00");
        return new Payment(
                id,
                shortCode,
                merchantId,
                referenceId,
                amount,
                completed ? fees : none,
                completed ? netAmount : none,
                target,
                customerName,
                customerEmail,
                description,
                checkoutToken,
                redirectUrl,
                providerTransactionId != null ? providerTransactionId : this.providerTransactionId,
                createdAt,
                at,
                completed ? at : null,
                expiresAt,
                payer != null ? payer : this.payer,
                failureReason != null ? failureReason : this.failureReason,
                needsReview,
                reviewReason,
                paymentLinkId,
                declines,
                amountRefunded,
                provider,
                livemode);
    }

    /** This payment with one more decline by the wallet, counted at {@code at}. */
    public Payment declinedOnce(OffsetDateTime at) {
        return changed(at, expiresAt, needsReview, reviewReason, providerTransactionId, declines + 1);
    }

    /** This payment flagged for a person at {@code at}, keeping a provider transaction it already had. */
    public Payment flaggedForReview(String reason, String transactionId, OffsetDateTime at) {
        return changed(
                at,
                expiresAt,
                true,
                reason,
                providerTransactionId != null ? providerTransactionId : transactionId,
                declines);
    }

    /** This payment open until {@code until} (changed at {@code at}). */
    public Payment openUntil(OffsetDateTime until, OffsetDateTime at) {
        return changed(at, until, needsReview, reviewReason, providerTransactionId, declines);
    }

    private Payment changed(
            OffsetDateTime at,
            OffsetDateTime expiresAt,
            boolean needsReview,
            String reviewReason,
            String providerTransactionId,
            int declines) {
        return new Payment(
                id,
                shortCode,
                merchantId,
                referenceId,
                amount,
                fees,
                netAmount,
                status,
                customerName,
                customerEmail,
                description,
                checkoutToken,
                redirectUrl,
                providerTransactionId,
                createdAt,
                at,
                completedAt,
                expiresAt,
                payer,
                failureReason,
                needsReview,
                reviewReason,
                paymentLinkId,
                declines,
                amountRefunded,
                provider,
                livemode);
    }
}
