package io.walletpay.usecase;

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

    private final PaymentStore payments;
    private final WalletProvider provider;

    public ExpirePayments(PaymentStore payments, WalletProvider provider) {
        this.payments = payments;
        this.provider = provider;
    }

    /** One sweep: batches until a batch comes back short, then the key purge. */
    public Future<Void> sweep() {
        return (provider.remote() ? settleWithProvider() : expireBatches()).compose(expired -> purgeKeyBatches());
    }

    private Future<Void> purgeKeyBatches() {
        return payments.purgeExpiredKeys()
                .compose(purged -> purged < PaymentStore.EXPIRY_BATCH ? Future.succeededFuture() : purgeKeyBatches());
    }

    private Future<Void> settleWithProvider() {
        return payments.dueForExpiry(LIVE_BATCH).compose(due -> {
            List<Future<?>> settled = due.stream().<Future<?>>map(this::settle).toList();
            return Future.join(settled).<Void>mapEmpty().recover(someFailed -> Future.succeededFuture());
        });
    }

    private Future<Void> settle(Payment payment) {
        return ProviderPaymentCheck.settlement(provider, payment)
                .compose(settled -> (settled.reviewReason() == null
                                ? Future.succeededFuture()
                                : payments.flagForReview(payment.id(), settled.reviewReason(), null))
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
