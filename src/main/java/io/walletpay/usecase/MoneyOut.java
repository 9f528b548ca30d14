package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.json.NewIdentifiers;
import io.walletpay.merchant.Actor;
import io.walletpay.money.Balance;
import io.walletpay.money.CreatedTransfer;
import io.walletpay.money.NewTransfer;
import io.walletpay.money.TransferKind;
import io.walletpay.money.TransferRequest;
import io.walletpay.store.TransferStore;
import java.util.UUID;

/**
 * A merchant's money going out: a refund of a completed payment to the customer who paid it, or a payout of the
 * available balance to the merchant's payout number. Each is debited at once and paid by the provider afterwards
 * ({@link SettleTransfers}); the fee of a refunded payment is not given back. One of at least the merchant's
 * approval threshold is debited at once too, but waits {@code awaiting_approval} for another person
 * ({@link ApproveTransfers}) before it is paid: {@code asker} names who asked, so they cannot approve it.
 */
public final class MoneyOut {

    private final TransferStore transfers;
    private final String payoutProvider;
    private final String testPayoutProvider;

    /** @param payoutProvider the name of the provider payouts are sent by (a refund's is its payment's) */
    public MoneyOut(TransferStore transfers, String payoutProvider) {
        this(transfers, payoutProvider, payoutProvider);
    }

    /** @param testPayoutProvider the provider a test twin's payouts go to (the sandbox: WalletProviders.forMode) */
    public MoneyOut(TransferStore transfers, String payoutProvider, String testPayoutProvider) {
        this.transfers = transfers;
        this.payoutProvider = payoutProvider;
        this.testPayoutProvider = testPayoutProvider;
    }

    public Future<Balance> balance(UUID merchantId) {
        return transfers.balance(merchantId);
    }

    /** A refund asked for by the merchant itself through the API. */
    public Future<CreatedTransfer> refund(
            UUID merchantId, UUID paymentId, TransferRequest request, String idempotencyKey) {
        return refund(merchantId, paymentId, request, idempotencyKey, merchantId.toString());
    }

    public Future<CreatedTransfer> refund(
            UUID merchantId, UUID paymentId, TransferRequest request, String idempotencyKey, Actor asker) {
        return refund(merchantId, paymentId, request, idempotencyKey, asker.who());
    }

    private Future<CreatedTransfer> refund(
            UUID merchantId, UUID paymentId, TransferRequest request, String idempotencyKey, String asker) {
        return transfers.create(new NewTransfer(
                NewIdentifiers.next(),
                TransferKind.REFUND,
                merchantId,
                paymentId,
                request.amount(),
                request.reason(),
                idempotencyKey,
                request.fingerprint(paymentId.toString()),
                null,
                asker));
    }

    /** A live merchant's payout. */
    public Future<CreatedTransfer> payout(UUID merchantId, TransferRequest request, String idempotencyKey) {
        return payout(merchantId, true, request, idempotencyKey);
    }

    /** A payout of the merchant row {@code merchantId}, live or a test twin ({@code livemode}), asked for by itself. */
    public Future<CreatedTransfer> payout(
            UUID merchantId, boolean livemode, TransferRequest request, String idempotencyKey) {
        return payout(merchantId, livemode, request, idempotencyKey, merchantId.toString());
    }

    /** The same, asked for by {@code asker}. */
    public Future<CreatedTransfer> payout(
            UUID merchantId, boolean livemode, TransferRequest request, String idempotencyKey, Actor asker) {
        return payout(merchantId, livemode, request, idempotencyKey, asker.who());
    }

    private Future<CreatedTransfer> payout(
            UUID merchantId, boolean livemode, TransferRequest request, String idempotencyKey, String asker) {
        return transfers.create(new NewTransfer(
                NewIdentifiers.next(),
                TransferKind.PAYOUT,
                merchantId,
                null,
                request.amount(),
                null,
                idempotencyKey,
                request.fingerprint(TransferKind.PAYOUT.wireName()),
                livemode ? payoutProvider : testPayoutProvider,
                asker));
    }
}
