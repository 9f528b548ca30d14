package io.walletpay.usecase;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.walletpay.checkout.Checkout;
import io.walletpay.checkout.ProviderConfirmation;
import io.walletpay.checkout.ProviderConfirmation.Decision;
import io.walletpay.checkout.ProviderTransaction;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.store.PaymentStore;
import io.walletpay.store.PaymentStore.TransitionPayment;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Confirming a live payment with the provider (the customer's return or the provider's Alert call): what the
 * provider's retrieve call reports is checked against our payment by {@link ProviderConfirmation}, and only then
 * does the payment change.
 */
public final class ConfirmWithProvider {

    private static final Logger log = LoggerFactory.getLogger(ConfirmWithProvider.class);

    private final PaymentStore payments;
    private final PayAtCheckout payAtCheckout;
    private final Counter needsReview;

    public ConfirmWithProvider(PaymentStore payments, PayAtCheckout payAtCheckout, MeterRegistry registry) {
        this.payments = payments;
        this.payAtCheckout = payAtCheckout;
        this.needsReview = Counter.builder("walletpay.payments.needs_review")
                .description("Payments flagged for a person: the provider reported another amount or order")
                .register(registry);
    }

    /**
     * Applies {@link ProviderConfirmation}'s decision: paid completes the payment, a decline fails it with the
     * provider's reason, a mismatch flags it for a person and changes nothing else. Duplicates find it decided.
     */
    public Future<Checkout> confirm(ProviderTransaction transaction) {
        return payments.checkoutOf(transaction.orderId()).compose(checkout -> {
            Payment payment = checkout.payment();
            Decision decision = ProviderConfirmation.decide(transaction, payment.id(), payment.amount());
            return switch (decision.outcome()) {
                case PAID ->
                    payAtCheckout
                            .decide(
                                    checkout,
                                    new TransitionPayment(
                                            payment.id(),
                                            null,
                                            PaymentStatus.COMPLETED,
                                            transaction.transactionId(),
                                            null,
                                            transaction.payer()))
                            .onSuccess(ConfirmWithProvider::paidButEnded);
                case DECLINED -> {
                    log.warn("payment {} declined at the provider: {}", payment.id(), decision.reason());
                    yield payAtCheckout.decide(
                            checkout,
                            new TransitionPayment(
                                    payment.id(),
                                    null,
                                    PaymentStatus.FAILED,
                                    transaction.transactionId(),
                                    decision.reason(),
                                    transaction.payer()));
                }
                case REVIEW -> flagForReview(payment, transaction, decision.reason());
            };
        });
    }

    private static void paidButEnded(Checkout checkout) {
        if (checkout.payment().status() != PaymentStatus.COMPLETED) {
            // paid at the provider, but cancelled or expired here first: money to give back, by a person
            log.warn(
                    "payment {} is {} but the provider confirms it paid",
                    checkout.payment().id(),
                    checkout.payment().status().wireName());
        }
    }

    /**
     * Never completes: flags the payment for a person (API field; the metric and an ERROR log the first time, a
     * WARN for repeats) and answers the 409 whether or not the flag could be stored.
     */
    private Future<Checkout> flagForReview(Payment payment, ProviderTransaction transaction, String reason) {
        return payments.flagForReview(payment.id(), reason, transaction.transactionId())
                .andThen(flagged -> {
                    if (flagged.succeeded() && Boolean.TRUE.equals(flagged.result())) {
                        needsReview.increment();
                        log.error("payment {} needs review: {}", payment.id(), reason);
                    } else {
                        log.warn("payment {} needs review (again): {}", payment.id(), reason);
                    }
                })
                .transform(flagged -> Future.failedFuture(ProviderConfirmation.mismatch(transaction, payment.id())));
    }
}
