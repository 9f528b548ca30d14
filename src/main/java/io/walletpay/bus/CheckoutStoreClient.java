package io.walletpay.bus;

import io.vertx.core.Future;
import io.walletpay.bus.CheckoutMessages.Checkout;
import io.walletpay.bus.CheckoutMessages.CheckoutByPayment;
import io.walletpay.bus.CheckoutMessages.CheckoutByToken;
import io.walletpay.bus.CheckoutMessages.DecideCheckout;
import io.walletpay.payment.PaymentStatus;
import java.util.UUID;

/** The checkout sessions as their callers see them: typed, future-returning, over the bus (see {@link StoreClients}). */
public final class CheckoutStoreClient {

    private final BusCalls bus;

    CheckoutStoreClient(BusCalls bus) {
        this.bus = bus;
    }

    /** The payment behind a customer's checkout token, with its merchant's name and URLs. */
    public Future<Checkout> byToken(String token) {
        return bus.request(Addresses.CHECKOUT_BY_TOKEN, new CheckoutByToken(token));
    }

    public Future<Checkout> byPayment(UUID paymentId) {
        return bus.request(Addresses.CHECKOUT_BY_PAYMENT, new CheckoutByPayment(paymentId));
    }

    /**
     * Moves the checkout's payment to {@code target} if it can take a payment now (pending, not past its expiry,
     * its merchant active) and answers the checkout as it then is, changed or not: one store request instead of a
     * read and a transition.
     */
    public Future<Checkout> decide(String token, PaymentStatus target) {
        return bus.request(Addresses.CHECKOUT_DECIDE, new DecideCheckout(token, target));
    }
}
