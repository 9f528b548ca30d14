package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.checkout.Checkout;
import io.walletpay.checkout.LookupGuard;
import io.walletpay.checkout.LookupsInFlight;
import io.walletpay.checkout.ProviderOrder;
import io.walletpay.checkout.ProviderTransaction;
import io.walletpay.checkout.WalletProviders;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.store.CheckoutStore;
import io.walletpay.store.ProviderOrderStore;
import java.time.Duration;
import java.util.Optional;

/**
 * What the customer's return and the provider's Alert URL learn about a payment: MonCash is asked only as
 * {@link LookupGuard} allows, within the limits of look-ups ({@link Allowance}), one look-up at a time per order or
 * transaction ({@link LookupsInFlight}); what it answers is applied by {@link ConfirmWithProvider}. A reference that
 * names no payment waiting for the provider is "not found", the same answer MonCash gives for what it does not know.
 */
public final class ProviderLookups {

    /**
     * How long after it was created a payment may still be paid at the provider, ended or not: a try's payment token
     * lives minutes at MonCash and tries are opened while the payment is open, so a payment paid late (money to give
     * back) is still looked up when no other payment is pending.
     */
    static final Duration LATE_PAYMENT_MARGIN = Duration.ofHours(1);

    /**
     * The payment as it now is, and MonCash's transaction when MonCash was asked (null when the answer came from our
     * own record).
     */
    public record Answer(Checkout checkout, ProviderTransaction transaction) {}

    /** One look-up taken from the limits, or a failed future (429, {@code RateLimitedException}) when none is left. */
    @FunctionalInterface
    public interface Allowance {
        Future<Void> take();
    }

    private final CheckoutStore checkouts;
    private final ProviderOrderStore orders;
    private final WalletProviders providers;
    private final ConfirmWithProvider confirmation;
    private final LookupsInFlight inFlight;
    private final Duration recent;

    /** @param expiry how long a payment stays open ({@code payments.expiry_minutes}) */
    public ProviderLookups(
            CheckoutStore checkouts,
            ProviderOrderStore orders,
            WalletProviders providers,
            ConfirmWithProvider confirmation,
            LookupsInFlight inFlight,
            Duration expiry) {
        this.checkouts = checkouts;
        this.orders = orders;
        this.providers = providers;
        this.confirmation = confirmation;
        this.inFlight = inFlight;
        this.recent = expiry.plus(LATE_PAYMENT_MARGIN);
    }

    /** A notification naming a try of a payment by its order id. */
    public Future<Answer> byOrder(ProviderOrder order, Allowance allowance) {
        return inFlight.shared(
                "order " + order.id(), () -> payment(order).compose(checkout -> tryOpened(order, checkout)
                        .compose(opened -> switch (LookupGuard.forOrder(checkout, opened)) {
                            case LOOK_UP ->
                                allowance
                                        .take()
                                        .compose(allowed -> providers.moncash().retrieveByOrder(order))
                                        .compose(this::confirm);
                            case FROM_RECORD -> Future.succeededFuture(new Answer(checkout.get(), null));
                            case NOT_OURS -> notOurs();
                        })));
    }

    /** The customer's return, or a notification, naming MonCash's transaction. */
    public Future<Answer> byTransaction(String transactionId, Allowance allowance) {
        return inFlight.shared(
                "transaction " + transactionId,
                () -> checkouts.checkoutByProviderTransaction(transactionId).compose(recorded -> (recorded.isPresent()
                                ? Future.succeededFuture(LookupGuard.forTransaction(recorded, true))
                                : checkouts
                                        .anyAwaitingProvider(recent)
                                        .map(awaiting -> LookupGuard.forTransaction(recorded, awaiting)))
                        .compose(verdict -> switch (verdict) {
                            case LOOK_UP ->
                                allowance
                                        .take()
                                        .compose(allowed -> providers.moncash().retrieveByTransaction(transactionId))
                                        .compose(this::confirm);
                            case FROM_RECORD -> Future.succeededFuture(new Answer(recorded.get(), null));
                            case NOT_OURS -> notOurs();
                        })));
    }

    private Future<Answer> confirm(ProviderTransaction transaction) {
        return confirmation.confirm(transaction).map(checkout -> new Answer(checkout, transaction));
    }

    /** The payment the order names; empty when there is none. */
    private Future<Optional<Checkout>> payment(ProviderOrder order) {
        return checkouts
                .checkoutOf(order.paymentId())
                .map(Optional::of)
                .recover(failure -> failure instanceof ServiceException known && known.kind() == ErrorKind.NOT_FOUND
                        ? Future.succeededFuture(Optional.empty())
                        : Future.failedFuture(failure));
    }

    /** Whether the try was opened at the provider: the first with its payment, later ones by a retry. */
    private Future<Boolean> tryOpened(ProviderOrder order, Optional<Checkout> checkout) {
        if (order.attempt() == 1
                || checkout.isEmpty()
                || checkout.get().payment().status() != PaymentStatus.PENDING) {
            return Future.succeededFuture(order.attempt() == 1);
        }
        return orders.opened(order).map(Optional::isPresent);
    }

    /** The answer MonCash gives for a transaction it does not know, given without asking it. */
    private static <T> Future<T> notOurs() {
        return Future.failedFuture(ServiceException.notFound("Wallet transaction"));
    }
}
