package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.bus.CheckoutMessages.Checkout;
import io.walletpay.bus.PaymentMessages.TransitionPayment;
import io.walletpay.bus.StoreClients;
import io.walletpay.error.ServiceException;
import io.walletpay.payment.PaymentStatus;
import java.util.UUID;

/**
 * Deciding a customer's checkout: the sandbox page's Pay or Cancel, or the provider's confirmed outcome in live mode.
 * Every path ends in the store's one conditional transition, so racing and repeated submits land on one result.
 */
public final class PayAtCheckout {

    private final StoreClients stores;

    public PayAtCheckout(StoreClients stores) {
        this.stores = stores;
    }

    /**
     * Moves the checkout's pending payment to {@code target} through the store's one conditional transition (which
     * writes the outbox row and announces it). When another request decided it first, answers the payment as it
     * now is, so racing and repeated submits all land on one result.
     */
    public Future<Checkout> decide(Checkout checkout, PaymentStatus target, String providerTransactionId) {
        return decide(checkout, new TransitionPayment(checkout.payment().id(), null, target, providerTransactionId));
    }

    /** The same with the provider's details (failure reason, payer) carried by {@code transition}. */
    public Future<Checkout> decide(Checkout checkout, TransitionPayment transition) {
        UUID paymentId = transition.paymentId();
        return stores.payments()
                .transition(transition)
                .map(checkout::with)
                .recover(
                        failure -> failure instanceof ServiceException refused && "invalid_state".equals(refused.code())
                                ? stores.checkouts().byPayment(paymentId)
                                : Future.failedFuture(failure));
    }
}
