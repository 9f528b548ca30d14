package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.bus.PaymentMessages.TransitionPayment;
import io.walletpay.checkout.ProviderPaymentCheck;
import io.walletpay.checkout.WalletProvider;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Expiring payments (the seed's "a pending payment expires"): every pending payment past its {@code expires_at}
 * leaves pending with its webhook, and expired Idempotency-Keys are purged. With a live wallet provider each due
 * payment is looked up there first: paid there → completed; declined there → failed with the provider's reason;
 * another amount or order there → flagged for a person and expired; unknown there → expired; the provider cannot
 * say → left pending for the next sweep (never expired blind). One sweep at a time per database is the caller's
 * business (the store's sweep holds a PostgreSQL advisory lock around {@link #sweep}).
 */
public final class ExpirePayments {

    private static final Logger log = LoggerFactory.getLogger(ExpirePayments.class);
    private static final int LIVE_BATCH = 50;

    /** The payment store as this use case needs it. */
    public interface Payments {
        /** Expires up to {@link #batchSize()} due payments in one statement (with their outbox rows). */
        Future<List<Payment>> expireDue();

        /** Up to {@code limit} pending payments past their expiry, to be settled one by one. */
        Future<List<Payment>> dueForExpiry(int limit);

        Future<Integer> purgeExpiredKeys();

        Future<Boolean> flagForReview(UUID paymentId, String reason, String providerTransactionId);

        Future<Payment> transition(TransitionPayment command);

        int batchSize();
    }

    private final Payments payments;
    private final WalletProvider provider;
    private final Consumer<Payment> announce;

    /** {@code announce}: tells the webhook senders a payment left pending (its outbox row is committed). */
    public ExpirePayments(Payments payments, WalletProvider provider, Consumer<Payment> announce) {
        this.payments = payments;
        this.provider = provider;
        this.announce = announce;
    }

    /** One sweep: batches until a batch comes back short, then the key purge. */
    public Future<Void> sweep() {
        return (provider.remote() ? settleWithProvider() : expireBatches()).compose(expired -> purgeKeyBatches());
    }

    private Future<Void> purgeKeyBatches() {
        return payments.purgeExpiredKeys()
                .compose(purged -> purged < payments.batchSize() ? Future.succeededFuture() : purgeKeyBatches());
    }

    private Future<Void> settleWithProvider() {
        return payments.dueForExpiry(LIVE_BATCH).compose(due -> {
            List<Future<?>> settled = due.stream().<Future<?>>map(this::settle).toList();
            return Future.join(settled).<Void>mapEmpty().recover(someFailed -> Future.succeededFuture());
        });
    }

    private Future<Void> settle(Payment payment) {
        return ProviderPaymentCheck.settlement(provider, payment.id(), payment.amount())
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
                .onSuccess(announce::accept)
                .onFailure(
                        failure -> log.debug("payment {} not settled this sweep: {}", payment.id(), failure.toString()))
                .mapEmpty();
    }

    private Future<Void> expireBatches() {
        return payments.expireDue().compose(expired -> {
            expired.forEach(announce);
            if (!expired.isEmpty()) {
                log.info("expired {} pending payments", expired.size());
            }
            return expired.size() < payments.batchSize() ? Future.succeededFuture() : expireBatches();
        });
    }
}
