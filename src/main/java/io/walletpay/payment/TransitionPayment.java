package io.walletpay.payment;

import java.util.UUID;

/**
 * Moves a pending payment to {@code target}. {@code merchantId} scopes it to one merchant (API calls); null
 * for the customer's checkout and the provider's confirmation, which are scoped by the payment itself.
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
