package io.walletpay.bus;

import io.walletpay.payment.NewPayment;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/** Requests to the payment store and their replies. */
public final class PaymentMessages {

    /** Claims an Idempotency-Key for the request {@code claimId}; conflicts fail with 409s. */
    public record ClaimIdempotencyKey(UUID merchantId, String key, UUID claimId, byte[] requestHash) {}

    /** Either the key is now ours ({@code replay} null) or the first request's answer is to be replayed. */
    public record IdempotencyClaim(StoredResponse replay) {}

    /** Gives a claimed key back after the request failed, so the merchant can retry with it. */
    public record ReleaseIdempotencyKey(UUID merchantId, String key, UUID claimId) {}

    /**
     * Stores a payment; with a key ({@code claimId} the claim that holds it), {@code answer} (written by the caller)
     * is kept for replays in the same transaction, or nothing is stored when the claim is no longer ours.
     */
    public record CreatePayment(NewPayment payment, String idempotencyKey, UUID claimId, StoredResponse answer) {}

    /** An HTTP answer as stored: replayed byte for byte. */
    public record StoredResponse(int status, String body) {}

    public record GetPayment(UUID merchantId, UUID id) {}

    /** One page of a merchant's payments, newest first; null filters match everything. */
    public record ListPayments(
            UUID merchantId,
            String referenceId,
            PaymentStatus status,
            OffsetDateTime createdGte,
            OffsetDateTime createdLt,
            int limit,
            UUID startingAfter) {}

    public record PaymentPage(List<Payment> payments, boolean hasMore) {}

    /**
     * Moves a pending payment to {@code target}. {@code merchantId} scopes it to one merchant (API calls); null
     * for the customer's checkout, which is scoped by its token instead.
     */
    public record TransitionPayment(
            UUID paymentId,
            UUID merchantId,
            PaymentStatus target,
            String providerTransactionId,
            String failureReason,
            String payer) {

        /** A transition without provider details (the merchant's cancel, the sandbox checkout). */
        public TransitionPayment(UUID paymentId, UUID merchantId, PaymentStatus target, String providerTransactionId) {
            this(paymentId, merchantId, target, providerTransactionId, null, null);
        }
    }

    /** Flags a payment for a person: the provider reported a transaction for it that does not pay it. */
    public record FlagForReview(UUID paymentId, String reason, String providerTransactionId) {}

    private PaymentMessages() {}
}
