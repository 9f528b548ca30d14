package io.walletpay.usecase;

import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.walletpay.checkout.ProviderPaymentCheck;
import io.walletpay.checkout.WalletProvider;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.store.PaymentStore;
import io.walletpay.store.PaymentStore.TransitionPayment;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Expiring payments: every pending payment past its {@code expires_at}
 * leaves pending with its webhook, and expired Idempotency-Keys are purged. With a live wallet provider each due
 * payment is looked up there first: paid there → completed; declined there → failed with the provider's reason;
 * another amount or order there → flagged for a person and expired; unknown there → expired; the provider cannot
 * say → left pending for the next sweep (never expired blind). One sweep at a time per database is the caller's
 * business (the store's sweep holds a PostgreSQL advisory lock around {@link #sweep}).
 */
public final class ExpirePayments {

    private static final Logger log = LoggerFactory.getLogger(ExpirePayments.class);
    private static final int LIVE_BATCH = 50;
    private static final int LIVE_BATCHES_PER_SWEEP = 10;

    private final PaymentStore payments;
    private final WalletProvider provider;
    private final PaymentReviews reviews;

    public ExpirePayments(PaymentStore payments, WalletProvider provider, MeterRegistry registry) {
        this.payments = payments;
        this.provider = provider;
        this.reviews = new PaymentReviews(payments, registry);
    }

    /** One sweep: batches until a batch comes back short (at most ten with a live provider), then the key purge. */
    public Future<Void> sweep() {
        return (provider.remote() ? settleWithProvider(null, 0) : expireBatches())
                .compose(expired -> purgeKeyBatches());
    }

    private Future<Void> purgeKeyBatches() {
        return payments.purgeExpiredKeys()
                .compose(purged -> purged < PaymentStore.EXPIRY_BATCH ? Future.succeededFuture() : purgeKeyBatches());
    }

    /**
     * The payments due, a batch at a time, each batch after the last of the one before, up to
     * {@value #LIVE_BATCHES_PER_SWEEP} batches: a payment the provider cannot answer for stays pending until the next
     * sweep without holding up the ones after it, and a provider that is down is asked at most that many times a
     * sweep.
     */
    private Future<Void> settleWithProvider(Payment after, int batches) {
        return payments.dueForExpiry(LIVE_BATCH, after).compose(due -> {
            List<Future<?>> settled = due.stream().<Future<?>>map(this::settle).toList();
            return Future.join(settled)
                    .<Void>mapEmpty()
                    .recover(someFailed -> Future.succeededFuture())
                    .compose(batchDone -> due.size() < LIVE_BATCH || batches + 1 >= LIVE_BATCHES_PER_SWEEP
                            ? Future.succeededFuture()
                            : settleWithProvider(due.get(due.size() - 1), batches + 1));
        });
    }

    private Future<Void> settle(Payment payment) {
        return ProviderPaymentCheck.settlement(provider, payment)
                .compose(settled -> (settled.reviewReason() == null
                                ? Future.succeededFuture()
                                : reviews.flag(payment.id(), settled.reviewReason(), settled.transactionId()))
                        .compose(flagged -> payments.transition(new TransitionPayment(
                                payment.id(),
                                null,
                                settled.target() == null ? PaymentStatus.EXPIRED : settled.target(),
                                settled.transactionId(),
                                settled.failureReason(),
                                settled.payer()))))
                .onFailure(
                        failure -> log.debug("payment {} not settled this sweep: {}", payment.id(), failure.toString()))
                .mapEmpty();
    }

    private Future<Void> expireBatches() {
        return payments.expireDue().compose(expired -> {
            if (!expired.isEmpty()) {
                log.info("expired {} pending payments", expired.size());
            }
            return expired.size() < PaymentStore.EXPIRY_BATCH ? Future.succeededFuture() : expireBatches();
        });
    }
}
