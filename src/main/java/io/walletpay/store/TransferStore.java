package io.walletpay.store;

import io.vertx.core.Future;
import io.walletpay.merchant.AuditEntry;
import io.walletpay.money.Balance;
import io.walletpay.money.CreatedTransfer;
import io.walletpay.money.HeldForReview;
import io.walletpay.money.NewTransfer;
import io.walletpay.money.PayoutPage;
import io.walletpay.money.Transfer;
import io.walletpay.money.TransferKind;
import io.walletpay.money.TransferPage;
import io.walletpay.money.TransferResolution;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/**
 * Money out: each merchant's ledger and balance, and the refunds and payouts that debit it, which are also the jobs
 * of paying them at the provider (claimed with leases, sent once, asked about with back-off, settled once, held for
 * an operator when their outcome stays unknown).
 */
public interface TransferStore {

    Future<Balance> balance(UUID merchantId);

    /**
     * Debits the merchant and records the transfer with its {@code pending} webhook, in one transaction holding the
     * merchant's lock: 404 for another merchant's payment, 409 {@code invalid_state} for a payment not completed,
     * {@code refund_exceeds_payment}, {@code insufficient_balance}, {@code no_payout_phone}, or
     * {@code idempotency_key_reused} for a key sent before with another request.
     */
    Future<CreatedTransfer> create(NewTransfer request);

    /**
     * The merchant's refunds and payouts awaiting a second person's approval, oldest first. Each one's debit is taken
     * and no worker claims it.
     */
    Future<List<Transfer>> awaitingApproval(UUID merchantId);

    /**
     * Approved by {@code approver} (as the audit log names people): {@code pending} and due now, so it is paid as any
     * pending transfer is, committed with its webhook and {@code entry}. 409 {@code not_awaiting_approval} when it
     * awaits approval no longer (decided meanwhile: of two decisions at once, one wins) or {@code approver} asked
     * for it.
     */
    Future<Transfer> approve(UUID id, String approver, AuditEntry entry);

    /**
     * Rejected by {@code decider}: {@code failed} with {@code failure_reason} {@code approval_rejected}, the debit
     * given back by a new ledger entry, committed with its webhook and {@code entry}; 409 as {@link #approve}.
     */
    Future<Transfer> reject(UUID id, String decider, AuditEntry entry);

    /** A payment's refunds, oldest first; 404 when it is not the merchant's. */
    Future<List<Transfer>> refunds(UUID merchantId, UUID paymentId);

    /**
     * One page of the merchant's payouts, newest first: at most {@code limit}, after the payout {@code startingAfter}
     * (null: from the newest; an id that names none of the merchant's payouts: 400 {@code invalid_starting_after}).
     */
    default Future<PayoutPage> payouts(UUID merchantId, int limit, UUID startingAfter) {
        return payouts(merchantId, limit, startingAfter, null);
    }

    /**
     * The same, or with {@code endingBefore} the page just before that payout, still newest first (an id that names
     * none of the merchant's payouts: 400 {@code invalid_ending_before}); at most one of the two cursors is set.
     */
    Future<PayoutPage> payouts(UUID merchantId, int limit, UUID startingAfter, UUID endingBefore);

    /** One of the merchant's transfers of that kind; 404 otherwise. */
    Future<Transfer> get(UUID merchantId, TransferKind kind, UUID id);

    /** Up to {@code limit} pending transfers (never one awaiting approval) due for an attempt, leased for {@code lease}, each attempt counted. */
    Future<List<Transfer>> claimDue(int limit, Duration lease);

    /**
     * Records that the claim which counted {@code attempts} is about to send the transfer, before the request
     * leaves: the time recorded, or null when the transfer is no longer this claim's to send (another claim
     * recorded a send, or it is settled or held).
     */
    Future<OffsetDateTime> markSent(UUID id, int attempts);

    /** The provider paid it: {@code succeeded}, with its webhook. A transfer already settled stays as it is. */
    Future<Transfer> succeeded(UUID id, String providerTransactionId);

    /** The provider will not pay it: {@code failed}, the debit reversed, with its webhook. */
    Future<Transfer> failed(UUID id, String reason);

    /**
     * Gives the lease of the claim that counted {@code attempts} back, to be tried again after {@code delay}; a
     * later claim's lease (this one ran out while it waited) is left alone.
     */
    Future<Void> retryLater(UUID id, int attempts, Duration delay, String error);

    /**
     * Holds the transfer for an operator: still {@code pending}, no longer claimed, with why its outcome is unknown.
     * Only the claim that counted {@code attempts} holds it.
     */
    Future<Void> holdForReview(UUID id, int attempts, String error);

    /** One page of every merchant's transfers for operators, newest first, only those held for review if asked. */
    default Future<TransferPage> forOperators(boolean onlyInReview, int limit, UUID startingAfter) {
        return forOperators(onlyInReview, limit, startingAfter, null);
    }

    /** The same, or with {@code endingBefore} the page just before that transfer; at most one cursor is set. */
    Future<TransferPage> forOperators(boolean onlyInReview, int limit, UUID startingAfter, UUID endingBefore);

    /** How many transfers are held for review, and how much they come to. */
    Future<HeldForReview> heldForReview();

    /** Any merchant's transfer, for operators; 404 when there is none. */
    Future<Transfer> forOperator(UUID id);

    /**
     * An operator's decision on a transfer held for review, committed with its audit entry: send it again (the
     * hold lifted, the send no longer recorded), failed (the debit given back) or succeeded (with the provider's
     * transaction id when the operator has it). 409 {@code not_in_review} for a transfer not held.
     */
    Future<Transfer> resolve(UUID id, TransferResolution resolution, String providerTransactionId, AuditEntry entry);

    /**
     * Sums, for good, each merchant's ledger entries up to a cut moved forward by at most {@code maxEntries} ids, so a
     * balance adds only the entries after it; how far the cut moved (0: nothing new, or entries were being written
     * and the cut waits for the next run).
     */
    Future<Long> keepLedgerSums(int maxEntries);
}
