package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.checkout.Checkout;
import io.walletpay.checkout.ProviderOrder;
import io.walletpay.checkout.WalletProvider;
import io.walletpay.payment.Payment;
import io.walletpay.store.PaymentStore;
import io.walletpay.store.ProviderOrderStore;
import java.util.UUID;

/**
 * Another try after the wallet declined, in live mode: the same payment opened at the provider again as a new
 * provider payment with an order id of its own ({@link ProviderOrder}), so the customer can pay from another
 * account. Opening the same try twice (a double click, two tabs) opens it once and sends both to it. Knowing the
 * payment id is enough to ask: a try only lets someone pay the merchant what the payment asks.
 */
public final class RetryWithProvider {

    /** Where the customer goes next. */
    public sealed interface Outcome {}

    /** To the provider's gateway for the try. */
    public record Gateway(String redirectUrl) implements Outcome {}

    /** The payment is decided (paid, failed, cancelled): the customer sees its result. */
    public record Decided(Checkout checkout) implements Outcome {}

    /** The checkout takes no payment ({@link Checkout#refusal()}). */
    public record Refused(Checkout checkout, Checkout.Refusal refusal) implements Outcome {}

    private final PaymentStore payments;
    private final ProviderOrderStore orders;
    private final WalletProvider provider;

    public RetryWithProvider(PaymentStore payments, ProviderOrderStore orders, WalletProvider provider) {
        this.payments = payments;
        this.orders = orders;
        this.provider = provider;
    }

    /** The next try of the payment, opened at the provider unless it was already. */
    public Future<Outcome> retry(UUID paymentId) {
        return payments.checkoutOf(paymentId).compose(checkout -> {
            if (checkout.refusal().isPresent()) {
                return Future.succeededFuture(
                        new Refused(checkout, checkout.refusal().get()));
            }
            if (!checkout.open()) {
                return Future.succeededFuture(new Decided(checkout));
            }
            Payment payment = checkout.payment();
            if (payment.declines() == 0) {
                // nothing was declined: the first try is still the one to pay
                return Future.succeededFuture(new Gateway(payment.redirectUrl()));
            }
            ProviderOrder next = ProviderOrder.after(payment.id(), payment.declines());
            return orders.opened(next)
                    .compose(opened -> opened.isPresent()
                            ? Future.succeededFuture(opened.get())
                            : provider.createPayment(next, payment.amount())
                                    .compose(created -> orders.open(next, created.redirectUrl())))
                    .map(Gateway::new);
        });
    }
}
