package io.walletpay.store;

import io.vertx.core.Future;
import io.walletpay.checkout.Checkout;
import io.walletpay.payment.PaymentStatus;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;

/**
 * Payments as the customer and the wallet provider meet them: a payment with its merchant's side (a
 * {@link Checkout}), by checkout token, payment id or provider transaction; the customer's choice and the wallet's
 * declines; a try kept open; a payment flagged for a person. A choice changes the payment by the same transition as
 * {@link PaymentStore#transition}, with its outbox row.
 */
public interface CheckoutStore {

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
    Future<Optional<Checkout>> checkoutByProviderTransaction(String transactionId);

    /**
     * Whether any payment may still be paid at the provider: one is pending, or one was created within
     * {@code recent} (its tries' payment tokens may outlive it).
     */
    Future<Boolean> anyAwaitingProvider(Duration recent);

    /**
     * Counts one decline by the wallet against the open checkout behind {@code token} (pending, not past its expiry,
     * its merchant active); the payment stays pending. Answers the checkout as it then is, changed or not.
     * {@code declinesSeen}, when not null, is how many declines the customer's page showed: the decline counts only
     * if the payment still has that many, so one form sent twice (a double tap) uses one try.
     */
    Future<Checkout> decline(String token, Integer declinesSeen);

    /**
     * Keeps an open payment (pending, not past its expiry) open for at least {@code atLeast} from now, never
     * shortening its expiry; false when it is not open.
     */
    Future<Boolean> keepOpenFor(UUID paymentId, Duration atLeast);

    /** Whether the payment was newly flagged for a person's review; its status stays as it is. */
    Future<Boolean> flagForReview(UUID paymentId, String reason, String providerTransactionId);
}
