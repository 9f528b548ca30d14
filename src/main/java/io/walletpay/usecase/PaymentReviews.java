package io.walletpay.usecase;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.walletpay.store.CheckoutStore;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Flagging a payment for a person, the one way every path does it (the customer's return, the provider's
 * notification, the expiry sweep): the stored flag with its reason, the {@code walletpay_payments_needs_review_total}
 * metric and an ERROR log the first time, a WARN when it was flagged already; its status stays as it is.
 */
public final class PaymentReviews {

    private static final Logger log = LoggerFactory.getLogger(PaymentReviews.class);

    private final CheckoutStore checkouts;
    private final Counter flagged;

    public PaymentReviews(CheckoutStore checkouts, MeterRegistry registry) {
        this.checkouts = checkouts;
        this.flagged = Counter.builder("walletpay.payments.needs_review")
                .description("Payments flagged for a person: the provider reported another amount or order, or a"
                        + " second payment")
                .register(registry);
    }

    /** Whether the payment was newly flagged. */
    public Future<Boolean> flag(UUID paymentId, String reason, String providerTransactionId) {
        return checkouts.flagForReview(paymentId, reason, providerTransactionId).andThen(outcome -> {
            if (outcome.succeeded() && Boolean.TRUE.equals(outcome.result())) {
                flagged.increment();
                log.error("payment {} needs review: {}", paymentId, reason);
            } else {
                log.warn("payment {} needs review (again): {}", paymentId, reason);
            }
        });
    }
}
