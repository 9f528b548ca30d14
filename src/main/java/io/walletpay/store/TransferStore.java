package io.walletpay.store;

import io.vertx.core.Future;
import io.walletpay.money.Balance;
import io.walletpay.money.Transfer;
import io.walletpay.money.TransferKind;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

/**
 * Money out: each merchant's ledger and balance, and the refunds and payouts that debit it, which are also the jobs
 * of paying them at the provider (claimed with leases, retried with back-off, settled once).
 */
public interface TransferStore {

    /**
     * A refund ({@code paymentId} set; {@code amount} null for what is left of the payment) or a payout asked for,
     * with its {@code Idempotency-Key} (nullable) and the fingerprint of the request that carried it.
     */
    record NewTransfer(
            UUID id,
            TransferKind kind,
            UUID merchantId,
            UUID paymentId,
            BigDecimal amount,
            String reason,
            String idempotencyKey,
            byte[] requestHash) {}

    /** The transfer, and whether this request created it (false: the same Idempotency-Key answered again). */
    record Created(Transfer transfer, boolean created) {}

    Future<Balance> balance(UUID merchantId);

    /**
     * Debits the merchant and records the transfer with its {@code pending} webhook, in one transaction holding the
     * merchant's lock: 404 for another merchant's payment, 409 {@code invalid_state} for a payment not completed,
     * {@code refund_exceeds_payment}, {@code insufficient_balance}, {@code no_payout_phone}, or
     * {@code idempotency_key_reused} for a key sent before with another request.
     */
    Future<Created> create(NewTransfer request);

    /** A payment's refunds, oldest first; 404 when it is not the merchant's. */
    Future<List<Transfer>> refunds(UUID merchantId, UUID paymentId);

    /**
     * One page of the merchant's payouts, newest first: at most {@code limit}, after the payout {@code startingAfter}
     * (null: from the newest; an id that names none of the merchant's payouts: 400 {@code invalid_starting_after}).
     */
    Future<PayoutPage> payouts(UUID merchantId, int limit, UUID startingAfter);

    record PayoutPage(List<Transfer> payouts, boolean hasMore) {}

    /** One of the merchant's transfers of that kind; 404 otherwise. */
    Future<Transfer> get(UUID merchantId, TransferKind kind, UUID id);

    /** Up to {@code limit} pending transfers due for an attempt, leased for {@code lease}, each attempt counted. */
    Future<List<Transfer>> claimDue(int limit, Duration lease);

    /** The provider paid it: {@code succeeded}, with its webhook. A transfer already settled stays as it is. */
    Future<Transfer> succeeded(UUID id, String providerTransactionId);

    /** The provider will not pay it: {@code failed}, the debit reversed, with its webhook. */
    Future<Transfer> failed(UUID id, String reason);

    /**
     * Gives the lease of the claim that counted {@code attempts} back, to be tried again after {@code delay}; a
     * later claim's lease (this one ran out while it waited) is left alone.
     */
    Future<Void> retryLater(UUID id, int attempts, Duration delay, String error);
}
