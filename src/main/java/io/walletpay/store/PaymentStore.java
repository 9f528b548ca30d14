package io.walletpay.store;

import io.vertx.core.Future;
import io.walletpay.payment.IdempotencyClaim;
import io.walletpay.payment.ListPayments;
import io.walletpay.payment.NewPayment;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentPage;
import io.walletpay.payment.StoredResponse;
import io.walletpay.payment.TransitionPayment;
import java.util.List;
import java.util.UUID;

/**
 * Payments as the merchant's API keeps them: their Idempotency-Keys, creates, reads and the merchant's side of a
 * change of status. Every change of status goes through one conditional transition that writes the webhook's outbox
 * row in the same transaction; the senders are woken once it has committed. The customer's side is the
 * {@link CheckoutStore}, the sweep's the {@link PaymentExpiryStore}.
 */
public interface PaymentStore {

    /** Claims an Idempotency-Key for {@code claimId}, or answers the first request's stored answer to replay. */
    Future<IdempotencyClaim> claimIdempotencyKey(UUID merchantId, String key, UUID claimId, byte[] requestHash);

    /** Gives a claimed key back (nothing was stored for it), so a retry starts clean. */
    Future<Void> releaseIdempotencyKey(UUID merchantId, String key, UUID claimId);

    /**
     * Stores a new payment; with a key ({@code claimId} the claim that holds it), {@code answer} is kept for replays
     * in the same transaction, or nothing is stored when the claim is no longer ours. Answers {@code answer}.
     */
    Future<StoredResponse> create(NewPayment payment, String idempotencyKey, UUID claimId, StoredResponse answer);

    /** One of {@code merchantId}'s payments; 404 for another merchant's. */
    Future<Payment> get(UUID merchantId, UUID id);

    Future<PaymentPage> list(ListPayments query);

    /**
     * Moves a pending payment on with its outbox row. A payment that is not pending any more answers 409
     * {@code invalid_state}; an unknown one, or another merchant's, 404.
     */
    Future<Payment> transition(TransitionPayment command);

    /** {@code count} short codes no payment has, reserved for payments this service is about to create. */
    Future<List<String>> reserveShortCodes(int count);
}
