package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.checkout.Checkout;
import io.walletpay.checkout.ProviderConfirmation;
import io.walletpay.checkout.ProviderConfirmation.Decision;
import io.walletpay.checkout.ProviderOrder;
import io.walletpay.checkout.ProviderTransaction;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.payment.TransitionPayment;
import io.walletpay.store.CheckoutStore;
import io.walletpay.store.ProviderOrderStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Confirming a live payment with the provider (the customer's return or the provider's Alert call): what the
 * provider's retrieve call reports is checked against our payment by {@link ProviderConfirmation}, and only then
 * does the payment change. A decline is an attempt: it is counted once per try, the payment stays pending for
 * another try ({@link RetryWithProvider}) until it is declined {@link Checkout#DECLINES_BEFORE_FAILING} times. A try
 * paid after another one already completed the payment (or after it ended) never completes it twice: the payment
 * is flagged for a person, as there is money to give back.
 */
public final class ConfirmWithProvider {

    private static final Logger log = LoggerFactory.getLogger(ConfirmWithProvider.class);

    private final CheckoutStore checkouts;
    private final ProviderOrderStore orders;
    private final PayAtCheckout payAtCheckout;
    private final PaymentReviews reviews;

    public ConfirmWithProvider(
            CheckoutStore checkouts, ProviderOrderStore orders, PayAtCheckout payAtCheckout, PaymentReviews reviews) {
        this.checkouts = checkouts;
        this.orders = orders;
        this.payAtCheckout = payAtCheckout;
        this.reviews = reviews;
    }

    /**
     * Applies {@link ProviderConfirmation}'s decision: paid completes the payment, a decline counts against it (and
     * fails it at the last try) with the provider's reason, a mismatch flags it for a person and changes nothing
     * else. Duplicates find it decided.
     */
    public Future<Checkout> confirm(ProviderTransaction transaction) {
        return checkouts.checkoutOf(transaction.order().paymentId()).compose(checkout -> {
            Payment payment = checkout.payment();
            Decision decision = ProviderConfirmation.decide(transaction, payment.id(), payment.amount());
            return switch (decision.outcome()) {
                case PAID -> paid(checkout, transaction);
                case DECLINED -> declined(transaction, decision.reason());
                case REVIEW ->
                    flagForReview(payment, transaction, decision.reason())
                            .transform(flagged ->
                                    Future.failedFuture(ProviderConfirmation.mismatch(transaction, payment.id())));
            };
        });
    }

    private Future<Checkout> paid(Checkout checkout, ProviderTransaction transaction) {
        Payment payment = checkout.payment();
        return orders.paid(transaction.order(), transaction.transactionId())
                .compose(recorded -> payAtCheckout.decide(
                        checkout,
                        new TransitionPayment(
                                payment.id(),
                                null,
                                PaymentStatus.COMPLETED,
                                transaction.transactionId(),
                                null,
                                transaction.payer())))
                .compose(after ->
                        transaction.transactionId().equals(after.payment().providerTransactionId())
                                ? Future.succeededFuture(after)
                                : flagForReview(after.payment(), transaction, paidAgain(after.payment(), transaction))
                                        .map(after));
    }

    /** Why a try paid at the provider did not complete the payment: someone must give the money back. */
    private static String paidAgain(Payment payment, ProviderTransaction transaction) {
        String already = payment.status() == PaymentStatus.COMPLETED
                ? "the payment was already completed by transaction " + payment.providerTransactionId()
                : "the payment was already " + payment.status().wireName();
        return ProviderConfirmation.bounded("paid twice: the provider reports transaction "
                + transaction.transactionId() + " for order " + transaction.order() + " paid, but " + already
                + "; money to give back");
    }

    private Future<Checkout> declined(ProviderTransaction transaction, String reason) {
        ProviderOrder order = transaction.order();
        return orders.declined(order, transaction.transactionId(), reason)
                .compose(counted -> {
                    if (counted) {
                        log.info(
                                "payment {} declined at the provider (try {}): {}",
                                order.paymentId(),
                                order.attempt(),
                                reason);
                    }
                    return checkouts.checkoutOf(order.paymentId());
                })
                .compose(checkout -> checkout.payment().status() == PaymentStatus.PENDING && checkout.declinedTooOften()
                        ? payAtCheckout.decide(
                                checkout,
                                new TransitionPayment(
                                        order.paymentId(),
                                        null,
                                        PaymentStatus.FAILED,
                                        transaction.transactionId(),
                                        reason,
                                        transaction.payer()))
                        : Future.succeededFuture(checkout));
    }

    private Future<Boolean> flagForReview(Payment payment, ProviderTransaction transaction, String reason) {
        return reviews.flag(payment.id(), reason, transaction.transactionId());
    }
}
