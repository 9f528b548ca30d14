package io.walletpay.money;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * Money going out of the wallet account: a refund to the customer who paid a payment ({@code paymentId} set), or a
 * payout to the merchant. {@code receiver} is the wallet number it goes to; {@code failureReason} says why a failed
 * one failed ({@code provider_refused} when the provider would not pay, {@link #NOT_MADE} when an operator found the
 * provider never made it, or the provider's words); {@code sending} is how far paying it at the provider has come;
 * {@code provider} names the wallet provider that pays it (a refund's is the payment's); {@code livemode} is its
 * merchant row's mode (a test twin's transfers are paid in the sandbox); {@code approval} who asked for it and who
 * decided, when it needed another person's approval (null otherwise).
 */
public record Transfer(
        UUID id,
        TransferKind kind,
        UUID merchantId,
        UUID paymentId,
        BigDecimal amount,
        String receiver,
        String reason,
        TransferStatus status,
        String failureReason,
        String providerTransactionId,
        TransferSending sending,
        OffsetDateTime createdAt,
        OffsetDateTime updatedAt,
        String provider,
        boolean livemode,
        Approval approval) {

    /**
     * The four-eyes record of a transfer at or above its merchant's approval threshold: who asked
     * ({@code requestedBy}) and who approved or rejected it, as the audit log names people, and when
     * ({@code decidedAt}; all three null while it awaits).
     */
    public record Approval(String requestedBy, String approvedBy, String rejectedBy, OffsetDateTime decidedAt) {}

    /** A transfer that needed no approval. */
    public Transfer(
            UUID id,
            TransferKind kind,
            UUID merchantId,
            UUID paymentId,
            BigDecimal amount,
            String receiver,
            String reason,
            TransferStatus status,
            String failureReason,
            String providerTransactionId,
            TransferSending sending,
            OffsetDateTime createdAt,
            OffsetDateTime updatedAt,
            String provider,
            boolean livemode) {
        this(
                id,
                kind,
                merchantId,
                paymentId,
                amount,
                receiver,
                reason,
                status,
                failureReason,
                providerTransactionId,
                sending,
                createdAt,
                updatedAt,
                provider,
                livemode,
                null);
    }

    /** A live-mode transfer. */
    public Transfer(
            UUID id,
            TransferKind kind,
            UUID merchantId,
            UUID paymentId,
            BigDecimal amount,
            String receiver,
            String reason,
            TransferStatus status,
            String failureReason,
            String providerTransactionId,
            TransferSending sending,
            OffsetDateTime createdAt,
            OffsetDateTime updatedAt,
            String provider) {
        this(
                id,
                kind,
                merchantId,
                paymentId,
                amount,
                receiver,
                reason,
                status,
                failureReason,
                providerTransactionId,
                sending,
                createdAt,
                updatedAt,
                provider,
                true);
    }

    /** The reason a transfer fails when the provider answers that the wallet account cannot pay. */
    public static final String PROVIDER_REFUSED = "provider_refused";

    /** The reason a transfer fails when an operator, after review, finds that the provider never made it. */
    public static final String NOT_MADE = "transfer_not_made";

    /** The reason a transfer fails when another person, asked to approve it, rejected it. */
    public static final String APPROVAL_REJECTED = "approval_rejected";

    /** How many times a worker has claimed it. */
    public int attempts() {
        return sending.attempts();
    }
}
