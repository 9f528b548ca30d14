package io.walletpay.usecase;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.walletpay.checkout.ProviderOrder;
import io.walletpay.checkout.WalletProvider;
import io.walletpay.checkout.WalletProviders;
import io.walletpay.config.AppConfig;
import io.walletpay.json.NewIdentifiers;
import io.walletpay.merchant.Merchant;
import io.walletpay.payment.AmountLimits;
import io.walletpay.payment.Charge;
import io.walletpay.payment.CreatePaymentRequest;
import io.walletpay.payment.FeeRule;
import io.walletpay.payment.NewPayment;
import io.walletpay.payment.RequestFingerprint;
import io.walletpay.payment.StoredResponse;
import io.walletpay.store.PaymentStore;
import io.walletpay.view.PaymentViews;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.UUID;
import java.util.function.IntFunction;

/**
 * Creating a payment (the merchant's API call), in order: claim the Idempotency-Key (or replay its first answer), open the payment at the
 * wallet provider, store it; it expires when configured or when the provider's payment token does, if sooner. A provider failure gives the key back and stores nothing, so a retry is clean.
 */
public final class CreatePayment {

    private final PaymentStore payments;
    private final WalletProviders providers;
    private final AppConfig.Payments config;
    private final AmountLimits limits;
    private final ShortCodes shortCodes;

    public CreatePayment(PaymentStore payments, WalletProviders providers, AppConfig.Payments config) {
        this.payments = payments;
        this.shortCodes = new ShortCodes(payments::reserveShortCodes);
        this.providers = providers;
        this.config = config;
        this.limits = new AmountLimits(config.minAmount(), config.maxAmount());
    }

    public AmountLimits limits() {
        return limits;
    }

    public Future<StoredResponse> create(Merchant merchant, CreatePaymentRequest request, String idempotencyKey) {
        if (idempotencyKey == null) {
            return open(merchant, request).compose(opened -> store(opened, null, null));
        }
        UUID claimId = UUID.randomUUID();
        return payments.claimIdempotencyKey(merchant.id(), idempotencyKey, claimId, RequestFingerprint.of(request))
                .compose(claim -> claim.replay() != null
                        ? Future.succeededFuture(claim.replay())
                        : open(merchant, request)
                                // the provider refused: nothing is stored, so the key goes back for a clean retry
                                .recover(failure -> payments.releaseIdempotencyKey(
                                                merchant.id(), idempotencyKey, claimId)
                                        .transform(released -> Future.failedFuture(failure)))
                                // a store failure (even a timeout) keeps the claim: the transaction may still commit,
                                // and only this claim can answer the key; an abandoned claim is taken over later,
                                // by the same request retried
                                .compose(opened -> store(opened, idempotencyKey, claimId)));
    }

    /** The payment as it will be stored, opened at the wallet provider; a payment link stores it its own way. */
    public Future<NewPayment> open(Merchant merchant, CreatePaymentRequest request) {
        UUID id = NewIdentifiers.next();
        Charge charge = new FeeRule(merchant.feePercent(), merchant.feeFixed()).chargeFor(request.amount());
        WalletProvider provider = providers.forMode(merchant.livemode());
        return shortCodes.next().compose(shortCode -> provider.createPayment(ProviderOrder.first(id), charge.amount())
                .map(opened -> NewPayment.createdNow(
                        id,
                        shortCode,
                        merchant.id(),
                        request,
                        charge,
                        opened.paymentToken(),
                        opened.redirectUrl(),
                        opened.expiresIn(config.expiry()),
                        provider.name(),
                        merchant.livemode())));
    }

    private Future<StoredResponse> store(NewPayment payment, String idempotencyKey, UUID claimId) {
        // the 201 answer is written before the row exists (its times are decided in NewPayment) so the store keeps
        // it, for replays, in the same transaction as the payment
        StoredResponse created = new StoredResponse(201, PaymentViews.envelope(PaymentViews.created(payment)));
        return payments.create(payment, idempotencyKey, claimId, created);
    }

    /**
     * Hands out payments' short codes. They are unique by construction: the numbers of one database sequence, each
     * made a code by a fixed permutation ({@code ShortCode.of}). This keeps a block of them in memory so a payment's
     * code is known before its row is written, and asks for the next block while a quarter of this one is left, so
     * creating a payment rarely waits for it. Codes a stopped service never handed out are simply never used.
     */
    static final class ShortCodes {

        static final int BLOCK = 1024;

        private final IntFunction<Future<List<String>>> reserve;
        private final Deque<String> ready = new ArrayDeque<>();
        private final Deque<Promise<String>> waiting = new ArrayDeque<>();
        private boolean reserving;

        /** {@code reserve} answers that many codes no payment has. */
        ShortCodes(IntFunction<Future<List<String>>> reserve) {
            this.reserve = reserve;
        }

        Future<String> next() {
            Promise<String> waiter;
            synchronized (this) {
                if (ready.size() <= BLOCK / 4 && !reserving) {
                    reserving = true;
                    reserve.apply(BLOCK).onComplete(reserved -> arrived(reserved.result(), reserved.cause()));
                }
                String code = ready.pollFirst();
                if (code != null) {
                    return Future.succeededFuture(code);
                }
                waiter = Promise.promise();
                waiting.addLast(waiter);
            }
            return waiter.future();
        }

        private void arrived(List<String> codes, Throwable failure) {
            Deque<Promise<String>> answered = new ArrayDeque<>();
            String[] given;
            synchronized (this) {
                reserving = false;
                if (failure == null) {
                    ready.addAll(codes);
                }
                while (!waiting.isEmpty() && (failure != null || !ready.isEmpty())) {
                    answered.addLast(waiting.pollFirst());
                }
                given = new String[answered.size()];
                for (int i = 0; i < given.length && failure == null; i++) {
                    given[i] = ready.pollFirst();
                }
            }
            // completed outside the lock: a waiter's callbacks may create the next payment at once
            int i = 0;
            for (Promise<String> waiter : answered) {
                if (failure == null) {
                    waiter.complete(given[i++]);
                } else {
                    waiter.fail(failure);
                }
            }
        }
    }
}
