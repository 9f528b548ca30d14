package io.walletpay.bus;

import io.vertx.core.Future;
import io.walletpay.bus.PaymentMessages.ClaimIdempotencyKey;
import io.walletpay.bus.PaymentMessages.CreatePayment;
import io.walletpay.bus.PaymentMessages.FlagForReview;
import io.walletpay.bus.PaymentMessages.GetPayment;
import io.walletpay.bus.PaymentMessages.IdempotencyClaim;
import io.walletpay.bus.PaymentMessages.ListPayments;
import io.walletpay.bus.PaymentMessages.PaymentPage;
import io.walletpay.bus.PaymentMessages.ReleaseIdempotencyKey;
import io.walletpay.bus.PaymentMessages.StoredResponse;
import io.walletpay.bus.PaymentMessages.TransitionPayment;
import io.walletpay.payment.NewPayment;
import io.walletpay.payment.Payment;
import java.util.UUID;

/** The payment store as its callers see it: typed, future-returning, over the bus (see {@link StoreClients}). */
public final class PaymentStoreClient {

    private final BusCalls bus;

    PaymentStoreClient(BusCalls bus) {
        this.bus = bus;
    }

    /** Claims an Idempotency-Key for {@code claimId}, or answers the first request's stored answer to replay. */
    public Future<IdempotencyClaim> claimIdempotencyKey(UUID merchantId, String key, UUID claimId, byte[] requestHash) {
        return bus.request(
                Addresses.PAYMENT_CLAIM_IDEMPOTENCY_KEY,
                new ClaimIdempotencyKey(merchantId, key, claimId, requestHash));
    }

    /** Gives a claimed key back (nothing was stored for it), so a retry starts clean. */
    public Future<Void> releaseIdempotencyKey(UUID merchantId, String key, UUID claimId) {
        return bus.request(
                Addresses.PAYMENT_RELEASE_IDEMPOTENCY_KEY, new ReleaseIdempotencyKey(merchantId, key, claimId));
    }

    /** Stores a new payment and, when it has a key, {@code answer} for replays; answers {@code answer}. */
    public Future<StoredResponse> create(
            NewPayment payment, String idempotencyKey, UUID claimId, StoredResponse answer) {
        return bus.request(Addresses.PAYMENT_CREATE, new CreatePayment(payment, idempotencyKey, claimId, answer));
    }

    /** One of {@code merchantId}'s payments; 404 for another merchant's. */
    public Future<Payment> get(UUID merchantId, UUID id) {
        return bus.request(Addresses.PAYMENT_GET, new GetPayment(merchantId, id));
    }

    public Future<PaymentPage> list(ListPayments query) {
        return bus.request(Addresses.PAYMENT_LIST, query);
    }

    /** Moves a pending payment on; its webhook outbox row commits with it. */
    public Future<Payment> transition(TransitionPayment command) {
        return bus.request(Addresses.PAYMENT_TRANSITION, command);
    }

    /** Whether the payment was newly flagged for a person's review. */
    public Future<Boolean> flagForReview(UUID paymentId, String reason, String providerTransactionId) {
        return bus.request(
                Addresses.PAYMENT_FLAG_FOR_REVIEW, new FlagForReview(paymentId, reason, providerTransactionId));
    }
}
