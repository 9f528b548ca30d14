package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.checkout.ProviderPaymentCheck;
import io.walletpay.checkout.WalletProviders;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.payment.TransitionPayment;
import io.walletpay.store.PaymentExpiryStore;
import io.walletpay.store.PaymentStore;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Expiring payments: every pending payment past its {@code expires_at}
 * leaves pending with its webhook, and expired Idempotency-Keys are purged. With a live wallet provider each due
 * payment is looked up first at the provider that took it: paid there → completed; declined there → failed with the provider's reason;
 * another amount or order there → flagged for a person and expired; unknown there → expired; the provider cannot
 * say → left pending for the next sweep (never expired blind). One sweep at a time per database is the caller's
 * business (the store's sweep holds a PostgreSQL advisory lock around {@link #sweep}).
 */
public final class ExpirePayments {

    private static final Logger log = LoggerFactory.getLogger(ExpirePayments.class);
    private static final int LIVE_BATCH = 50;
    private static final int LIVE_BATCHES_PER_SWEEP = 10;

    private final PaymentStore payments;
    private final PaymentExpiryStore expiry;
    private final WalletProviders providers;
    private final PaymentReviews reviews;

    public ExpirePayments(
            PaymentStore payments, PaymentExpiryStore expiry, WalletProviders providers, PaymentReviews reviews) {
        this.payments = payments;
        this.expiry = expiry;
        this.providers = providers;
        this.reviews = reviews;
    }

    /** One sweep: batches until a batch comes back short (at most ten with a live provider), then the key purge. */
    public Future<Void> sweep() {
        return (providers.anyRemote() ? settleWithProvider(null, 0) : expireBatches())
                .compose(expired -> purgeKeyBatches());
    }

    private Future<Void> purgeKeyBatches() {
        return expiry.purgeExpiredKeys()
                .compose(purged ->
                        purged < PaymentExpiryStore.EXPIRY_BATCH ? Future.succeededFuture() : purgeKeyBatches());
    }

    /**
     * The payments due, a batch at a time, each batch after the last of the one before, up to
     * {@value #LIVE_BATCHES_PER_SWEEP} batches: a payment the provider cannot answer for stays pending until the next
     * sweep without holding up the ones after it, and a provider that is down is asked at most that many times a
     * sweep.
     */
    private Future<Void> settleWithProvider(Payment after, int batches) {
        return expiry.dueForExpiry(LIVE_BATCH, after).compose(due -> {
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
        return Future.succeededFuture(payment)
                .compose(due -> ProviderPaymentCheck.settlement(providers.named(due.provider()), due))
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
        return expiry.expireDue().compose(expired -> {
            if (!expired.isEmpty()) {
                log.info("expired {} pending payments", expired.size());
            }
            return expired.size() < PaymentExpiryStore.EXPIRY_BATCH ? Future.succeededFuture() : expireBatches();
        });
    }
}
