package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.checkout.Checkout;
import io.walletpay.checkout.ProviderOrder;
import io.walletpay.checkout.WalletProviders;
import io.walletpay.payment.Payment;
import io.walletpay.store.CheckoutStore;
import io.walletpay.store.ProviderOrderStore;
import java.time.Duration;
import java.util.Optional;
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

    private final CheckoutStore checkouts;
    private final ProviderOrderStore orders;
    private final WalletProviders providers;
    private final Duration expiry;

    /** @param expiry how long a payment stays open ({@code payments.expiry_minutes}), as for its first try */
    public RetryWithProvider(
            CheckoutStore checkouts, ProviderOrderStore orders, WalletProviders providers, Duration expiry) {
        this.checkouts = checkouts;
        this.orders = orders;
        this.providers = providers;
        this.expiry = expiry;
    }

    /** The next try of the payment, opened at the provider unless it was already. */
    public Future<Outcome> retry(UUID paymentId) {
        return checkouts.checkoutOf(paymentId).compose(checkout -> {
            Optional<Outcome> closed = closed(checkout);
            if (closed.isPresent()) {
                return Future.succeededFuture(closed.get());
            }
            Payment payment = checkout.payment();
            if (payment.declines() == 0) {
                // nothing was declined: the first try is still the one to pay
                return Future.succeededFuture(new Gateway(payment.redirectUrl()));
            }
            ProviderOrder next = ProviderOrder.after(payment.id(), payment.declines());
            return orders.opened(next)
                    .compose(opened -> opened.isPresent()
                            ? Future.succeededFuture(new Gateway(opened.get()))
                            : openAtProvider(payment, next));
        });
    }

    /**
     * Opens {@code next} at the provider. Its payment token lives from now, so the payment stays open at least as long
     * as a first try would be (never less than it had): otherwise the customer could pay at the gateway, with a
     * token still alive, a payment the service had already expired. A payment closed meanwhile is shown as it is.
     */
    private Future<Outcome> openAtProvider(Payment payment, ProviderOrder next) {
        return providers
                .named(payment.provider())
                .createPayment(next, payment.amount())
                .compose(created -> checkouts
                        .keepOpenFor(payment.id(), created.expiresIn(expiry))
                        .compose(open -> open
                                ? orders.open(next, created.redirectUrl()).<Outcome>map(Gateway::new)
                                : checkouts.checkoutOf(payment.id()).map(now -> closed(now)
                                        .orElseGet(() -> new Refused(now, Checkout.Refusal.EXPIRED)))));
    }

    /** Where a customer goes whose checkout takes no more tries; empty while it does. */
    private static Optional<Outcome> closed(Checkout checkout) {
        if (checkout.refusal().isPresent()) {
            return Optional.of(new Refused(checkout, checkout.refusal().get()));
        }
        if (!checkout.open()) {
            return Optional.of(new Decided(checkout));
        }
        return Optional.empty();
    }
}
