package io.walletpay.store;

import io.vertx.core.Future;
import io.walletpay.checkout.Checkout;
import io.walletpay.payment.NewPayment;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.payment.ShortCode;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/**
 * Payments, their Idempotency-Keys and their checkouts. Every change of status goes through one conditional
 * transition (by payment id, or by checkout token for the customer's page) that writes the webhook's outbox row in
 * the same transaction; the senders are woken once it has committed.
 */
public interface PaymentStore {

    /** Payments expired, or keys purged, per statement of a sweep. */
    int EXPIRY_BATCH = 500;

    /** Either the key is now ours ({@code replay} null) or the first request's answer is to be replayed. */
    record IdempotencyClaim(StoredResponse replay) {}

    /** An HTTP answer as stored: replayed byte for byte. */
    record StoredResponse(int status, String body) {}

    /** One page of a merchant's payments, newest first; null filters match everything. */
    record ListPayments(
            UUID merchantId,
            String referenceId,
            PaymentStatus status,
            OffsetDateTime createdGte,
            OffsetDateTime createdLt,
            int limit,
            UUID startingAfter,
            UUID paymentLinkId,
            String shortCode) {

        /** @throws IllegalArgumentException when {@code shortCode} is not a code as stored ({@code ShortCode.read}) */
        public ListPayments {
            if (shortCode != null) {
                ShortCode.number(shortCode);
            }
        }

        /**
         * Without a short code: {@code referenceId} alone. With both, a payment matching either (the portal's one
         * search box).
         */
        public ListPayments(
                UUID merchantId,
                String referenceId,
                PaymentStatus status,
                OffsetDateTime createdGte,
                OffsetDateTime createdLt,
                int limit,
                UUID startingAfter,
                UUID paymentLinkId) {
            this(merchantId, referenceId, status, createdGte, createdLt, limit, startingAfter, paymentLinkId, null);
        }

        /** Without a payment link filter. */
        public ListPayments(
                UUID merchantId,
                String referenceId,
                PaymentStatus status,
                OffsetDateTime createdGte,
                OffsetDateTime createdLt,
                int limit,
                UUID startingAfter) {
            this(merchantId, referenceId, status, createdGte, createdLt, limit, startingAfter, null, null);
        }
    }

    record PaymentPage(List<Payment> payments, boolean hasMore) {}

    /**
     * Moves a pending payment to {@code target}. {@code merchantId} scopes it to one merchant (API calls); null
     * for the customer's checkout and the provider's confirmation, which are scoped by the payment itself.
     */
    record TransitionPayment(
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

    /**
     * The customer's choice on the checkout page: moves the payment behind {@code token} to {@code target} when
     * {@link Checkout#open()} (checked in the same statement), and answers the checkout as it then is, changed or
     * not, for the caller to explain. Unknown tokens are 404.
     */
    default Future<Checkout> decide(String token, PaymentStatus target, String payer) {
        return decide(token, target, payer, null);
    }

    /** The same, with the {@code failure_reason} a {@code failed} payment keeps. */
    Future<Checkout> decide(String token, PaymentStatus target, String payer, String failureReason);

    /** The checkout behind a {@code redirect_url} token; unknown is 404. */
    Future<Checkout> checkout(String token);

    /** The checkout of one payment, by id (the provider's order id in live mode); unknown is 404. */
    Future<Checkout> checkoutOf(UUID paymentId);

    /** The checkout of the payment the provider's transaction is recorded on, if any. */
    Future<java.util.Optional<Checkout>> checkoutByProviderTransaction(String transactionId);

    /**
     * Whether any payment may still be paid at the provider: one is pending, or one was created within
     * {@code recent} (its tries' payment tokens may outlive it).
     */
    Future<Boolean> anyAwaitingProvider(Duration recent);

    /** Whether the payment was newly flagged for a person's review; its status stays as it is. */
    Future<Boolean> flagForReview(UUID paymentId, String reason, String providerTransactionId);

    /**
     * Keeps an open payment (pending, not past its expiry) open for at least {@code atLeast} from now, never
     * shortening its expiry; false when it is not open.
     */
    Future<Boolean> keepOpenFor(UUID paymentId, Duration atLeast);

    /** Expires up to {@link #EXPIRY_BATCH} due payments in one statement, with their outbox rows. */
    Future<List<Payment>> expireDue();

    /**
     * Up to {@code limit} pending payments past their expiry, to be settled one by one, in the order of their expiry
     * (then id); those after {@code after} (the last of the previous batch) when it is not null, so one sweep walks
     * every due payment once even when some of them stay pending.
     */
    Future<List<Payment>> dueForExpiry(int limit, Payment after);

    /** Deletes up to {@link #EXPIRY_BATCH} expired Idempotency-Keys; how many. */
    Future<Integer> purgeExpiredKeys();

    /**
     * Counts one decline by the wallet against the open checkout behind {@code token} (pending, not past its expiry,
     * its merchant active); the payment stays pending. Answers the checkout as it then is, changed or not.
     * {@code declinesSeen}, when not null, is how many declines the customer's page showed: the decline counts only
     * if the payment still has that many, so one form sent twice (a double tap) uses one try.
     */
    Future<Checkout> decline(String token, Integer declinesSeen);

    /** {@code count} short codes no payment has, reserved for payments this service is about to create. */
    Future<List<String>> reserveShortCodes(int count);
}
