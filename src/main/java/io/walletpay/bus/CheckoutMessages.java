package io.walletpay.bus;

import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import java.util.UUID;

/** Requests about a payment as its customer sees it during checkout, and their reply. */
public final class CheckoutMessages {

    /** The checkout behind a {@code redirect_url} token; an unknown token is NOT_FOUND. */
    public record CheckoutByToken(String token) {}

    /** The checkout of one payment, by id (the provider's order id in live mode); unknown is NOT_FOUND. */
    public record CheckoutByPayment(UUID paymentId) {}

    /**
     * The sandbox checkout's Pay or Cancel in one step: moves the payment behind {@code token} to {@code target}
     * when it is pending, not past its expiry and its merchant active (writing the outbox row), and answers the
     * checkout as it then is, changed or not; unknown is NOT_FOUND. Saves the read before the transition.
     */
    public record DecideCheckout(String token, PaymentStatus target) {}

    /**
     * A payment with what its pages need from the merchant. {@code returnUrl} is null when the merchant has none;
     * {@code pastExpiry} is measured by the database clock, so a pending payment the sweep has not reached yet is
     * still refused. {@code merchantLocale} is the merchant's page language ({@code ht}, {@code fr}, {@code en}),
     * null when it has not chosen; a merchant that is not {@code merchantActive} takes no payments.
     */
    public record Checkout(
            Payment payment,
            String merchantName,
            String returnUrl,
            boolean pastExpiry,
            String merchantLocale,
            boolean merchantActive) {

        /** The same checkout after {@code changed} (the same payment, transitioned). */
        public Checkout with(Payment changed) {
            return new Checkout(changed, merchantName, returnUrl, pastExpiry, merchantLocale, merchantActive);
        }
    }

    private CheckoutMessages() {}
}
