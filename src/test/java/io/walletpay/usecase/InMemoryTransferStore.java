package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.AuditEntry;
import io.walletpay.money.ApprovalThreshold;
import io.walletpay.money.Balance;
import io.walletpay.money.CreatedTransfer;
import io.walletpay.money.DebitRule;
import io.walletpay.money.HeldForReview;
import io.walletpay.money.NewTransfer;
import io.walletpay.money.PayoutPage;
import io.walletpay.money.Transfer;
import io.walletpay.money.TransferKind;
import io.walletpay.money.TransferPage;
import io.walletpay.money.TransferResolution;
import io.walletpay.money.TransferSending;
import io.walletpay.money.TransferStatus;
import io.walletpay.store.TransferStore;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * {@link TransferStore} in memory, for the money-out, settle and review use cases' fast tests: debits under
 * {@link DebitRule} against merchants {@link #fund}ed here, claims with leases and due times on a clock of the
 * test's, the send recorded once, settlements, holds and decisions. A transfer of no funded merchant can also be
 * {@link #add}ed. The lists of a merchant's refunds and payouts are PostgreSQL's alone.
 */
final class InMemoryTransferStore implements TransferStore {

    private final Clock clock;
    private final Map<UUID, Transfer> rows = new LinkedHashMap<>();
    private final Map<UUID, Instant> due = new LinkedHashMap<>();
    private final Map<UUID, Instant> leases = new LinkedHashMap<>();
    final List<AuditEntry> audit = new ArrayList<>();

    InMemoryTransferStore(Clock clock) {
        this.clock = clock;
    }

    Transfer add(BigDecimal amount) {
        OffsetDateTime now = now();
        Transfer transfer = new Transfer(
                UUID.randomUUID(),
                TransferKind.PAYOUT,
                UUID.randomUUID(),
                null,
                amount,
                "50937000001",
                null,
                TransferStatus.PENDING,
                null,
                null,
                TransferSending.NEW,
                now,
                now,
                "moncash");
        rows.put(transfer.id(), transfer);
        due.put(transfer.id(), clock.instant());
        return transfer;
    }

    Transfer row(UUID id) {
        return rows.get(id);
    }

    private OffsetDateTime now() {
        return OffsetDateTime.ofInstant(clock.instant(), ZoneOffset.UTC);
    }

    private Transfer with(Transfer t, TransferStatus status, String reason, String txid, TransferSending sending) {
        return with(t, status, reason, txid, sending, t.approval());
    }

    private Transfer with(
            Transfer t,
            TransferStatus status,
            String reason,
            String txid,
            TransferSending sending,
            Transfer.Approval approval) {
        return new Transfer(
                t.id(),
                t.kind(),
                t.merchantId(),
                t.paymentId(),
                t.amount(),
                t.receiver(),
                t.reason(),
                status,
                reason,
                txid,
                sending,
                t.createdAt(),
                now(),
                t.provider(),
                t.livemode(),
                approval);
    }

    private static TransferSending sending(
            TransferSending s, int attempts, OffsetDateTime sentAt, int sends, boolean held, String error) {
        return new TransferSending(attempts, sentAt, sends, held, error, s.resolution());
    }

    @Override
    public Future<List<Transfer>> claimDue(int limit, Duration lease) {
        Instant now = clock.instant();
        List<Transfer> claimed = new ArrayList<>();
        for (Transfer t : List.copyOf(rows.values())) {
            Instant leasedUntil = leases.get(t.id());
            if (claimed.size() < limit
                    && t.status() == TransferStatus.PENDING
                    && !t.sending().needsReview()
                    && !due.get(t.id()).isAfter(now)
                    && (leasedUntil == null || leasedUntil.isBefore(now))) {
                TransferSending s = t.sending();
                Transfer taken = with(
                        t,
                        t.status(),
                        t.failureReason(),
                        t.providerTransactionId(),
                        sending(s, s.attempts() + 1, s.sentAt(), s.sends(), false, s.lastError()));
                rows.put(t.id(), taken);
                leases.put(t.id(), now.plus(lease));
                claimed.add(taken);
            }
        }
        return Future.succeededFuture(claimed);
    }

    @Override
    public Future<OffsetDateTime> markSent(UUID id, int attempts) {
        Transfer t = rows.get(id);
        TransferSending s = t.sending();
        if (t.status() != TransferStatus.PENDING || s.attempts() != attempts || s.sent() || s.needsReview()) {
            return Future.succeededFuture(null);
        }
        OffsetDateTime now = now();
        rows.put(
                id,
                with(t, t.status(), null, null, sending(s, s.attempts(), now, s.sends() + 1, false, s.lastError())));
        return Future.succeededFuture(now);
    }

    @Override
    public Future<Transfer> succeeded(UUID id, String providerTransactionId) {
        return settle(id, TransferStatus.SUCCEEDED, null, providerTransactionId);
    }

    @Override
    public Future<Transfer> failed(UUID id, String reason) {
        return settle(id, TransferStatus.FAILED, reason, null);
    }

    private Future<Transfer> settle(UUID id, TransferStatus status, String reason, String txid) {
        Transfer t = rows.get(id);
        if (t.status() == TransferStatus.PENDING) {
            TransferSending s = t.sending();
            t = with(t, status, reason, txid, sending(s, s.attempts(), s.sentAt(), s.sends(), false, null));
            rows.put(id, t);
            leases.remove(id);
        }
        return Future.succeededFuture(t);
    }

    @Override
    public Future<Void> retryLater(UUID id, int attempts, Duration delay, String error) {
        Transfer t = rows.get(id);
        TransferSending s = t.sending();
        if (t.status() == TransferStatus.PENDING && s.attempts() == attempts) {
            rows.put(
                    id, with(t, t.status(), null, null, sending(s, s.attempts(), s.sentAt(), s.sends(), false, error)));
            leases.remove(id);
            due.put(
                    id,
                    clock.instant().plus(delay.compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : delay));
        }
        return Future.succeededFuture();
    }

    @Override
    public Future<Void> holdForReview(UUID id, int attempts, String error) {
        Transfer t = rows.get(id);
        TransferSending s = t.sending();
        if (t.status() == TransferStatus.PENDING && s.attempts() == attempts) {
            rows.put(id, with(t, t.status(), null, null, sending(s, s.attempts(), s.sentAt(), s.sends(), true, error)));
            leases.remove(id);
        }
        return Future.succeededFuture();
    }

    @Override
    public Future<TransferPage> forOperators(boolean onlyInReview, int limit, UUID startingAfter, UUID endingBefore) {
        if (endingBefore != null) {
            throw new UnsupportedOperationException("paging back is tested against PostgreSQL");
        }
        List<Transfer> newest = new ArrayList<>(rows.values());
        java.util.Collections.reverse(newest);
        int from = 0;
        if (startingAfter != null) {
            from = newest.indexOf(rows.get(startingAfter)) + 1;
            if (from == 0) {
                return Future.failedFuture(ServiceException.invalid(
                        "starting_after",
                        "starting_after must be the id of a transfer on this list, as a page gave it"));
            }
        }
        List<Transfer> found = newest.subList(from, newest.size()).stream()
                .filter(t -> !onlyInReview || t.sending().needsReview())
                .limit(limit + 1L)
                .toList();
        boolean more = found.size() > limit;
        return Future.succeededFuture(new TransferPage(more ? found.subList(0, limit) : found, more));
    }

    @Override
    public Future<HeldForReview> heldForReview() {
        List<Transfer> held = rows.values().stream()
                .filter(t -> t.status() == TransferStatus.PENDING && t.sending().needsReview())
                .toList();
        return Future.succeededFuture(new HeldForReview(
                held.size(), held.stream().map(Transfer::amount).reduce(BigDecimal.ZERO, BigDecimal::add)));
    }

    @Override
    public Future<Transfer> forOperator(UUID id) {
        Transfer t = rows.get(id);
        return t == null ? Future.failedFuture(ServiceException.notFound("Transfer")) : Future.succeededFuture(t);
    }

    @Override
    public Future<Transfer> resolve(
            UUID id, TransferResolution resolution, String providerTransactionId, AuditEntry entry) {
        Transfer t = rows.get(id);
        TransferSending s = t.sending();
        if (t.status() != TransferStatus.PENDING || !s.needsReview()) {
            return Future.failedFuture(new ServiceException(ErrorKind.CONFLICT, "not_in_review", "not held"));
        }
        audit.add(entry);
        TransferSending decided = new TransferSending(
                s.attempts(),
                resolution.outcome() == TransferResolution.Outcome.SEND_AGAIN ? null : s.sentAt(),
                s.sends(),
                false,
                s.lastError(),
                resolution);
        Transfer kept = with(t, t.status(), null, null, decided);
        rows.put(id, kept);
        due.put(id, clock.instant());
        return switch (resolution.outcome()) {
            case SEND_AGAIN -> Future.succeededFuture(kept);
            case SUCCEEDED -> settle(id, TransferStatus.SUCCEEDED, null, providerTransactionId);
            case FAILED -> settle(id, TransferStatus.FAILED, Transfer.NOT_MADE, null);
        };
    }

    /** Each merchant's approval threshold, when it has one (as {@code merchants.approval_threshold}). */
    private final Map<UUID, BigDecimal> thresholds = new LinkedHashMap<>();

    /** Sets the merchant's approval threshold (null: four eyes off), as the admin API or the portal does. */
    void approvalThreshold(UUID merchantId, BigDecimal threshold) {
        if (threshold == null) {
            thresholds.remove(merchantId);
        } else {
            thresholds.put(merchantId, threshold);
        }
    }

    @Override
    public Future<List<Transfer>> awaitingApproval(UUID merchantId) {
        return Future.succeededFuture(rows.values().stream()
                .filter(t -> t.merchantId().equals(merchantId) && t.status() == TransferStatus.AWAITING_APPROVAL)
                .toList());
    }

    @Override
    public Future<Transfer> approve(UUID id, String approver, AuditEntry entry) {
        return decide(id, approver, entry, true);
    }

    @Override
    public Future<Transfer> reject(UUID id, String decider, AuditEntry entry) {
        return decide(id, decider, entry, false);
    }

    /** As PostgreSQL's conditional UPDATE: only one awaiting, and never by its asker; approved ones are due now. */
    private Future<Transfer> decide(UUID id, String decider, AuditEntry entry, boolean approve) {
        Transfer t = rows.get(id);
        if (t == null
                || t.status() != TransferStatus.AWAITING_APPROVAL
                || t.approval().requestedBy().equals(decider)) {
            return Future.failedFuture(
                    new ServiceException(ErrorKind.CONFLICT, "not_awaiting_approval", "not awaiting approval"));
        }
        Transfer.Approval asked = t.approval();
        Transfer decided = with(
                t,
                approve ? TransferStatus.PENDING : TransferStatus.FAILED,
                approve ? null : Transfer.APPROVAL_REJECTED,
                null,
                t.sending(),
                new Transfer.Approval(asked.requestedBy(), approve ? decider : null, approve ? null : decider, now()));
        rows.put(id, decided);
        due.put(id, clock.instant());
        audit.add(entry);
        return Future.succeededFuture(decided);
    }

    /** The merchants this store knows, by their payout phone. */
    private final Map<UUID, String> merchants = new LinkedHashMap<>();

    /** What each merchant's completed payments brought in. */
    private final Map<UUID, BigDecimal> credits = new LinkedHashMap<>();

    /** Each completed payment's merchant and amount. */
    private final Map<UUID, UUID> paymentMerchants = new LinkedHashMap<>();

    private final Map<UUID, BigDecimal> paymentAmounts = new LinkedHashMap<>();

    /** The transfer each Idempotency-Key made, with the fingerprint of the request that made it. */
    private final Map<List<Object>, UUID> keys = new LinkedHashMap<>();

    private final Map<UUID, byte[]> requestHashes = new LinkedHashMap<>();

    /** Every transfer asked for, as the store received it. */
    final List<NewTransfer> asked = new ArrayList<>();

    /**
     * A merchant with a payout phone (known from now on) and a completed payment of {@code amount} credited to its
     * balance, as a completion credits the ledger; the payment's id.
     */
    UUID fund(UUID merchantId, BigDecimal amount) {
        merchants.putIfAbsent(merchantId, "50937123456");
        credits.merge(merchantId, amount, BigDecimal::add);
        UUID payment = UUID.randomUUID();
        paymentMerchants.put(payment, merchantId);
        paymentAmounts.put(payment, amount);
        return payment;
    }

    @Override
    public Future<Balance> balance(UUID merchantId) {
        BigDecimal pendingOut = sum(t -> t.merchantId().equals(merchantId)
                && (t.status() == TransferStatus.PENDING || t.status() == TransferStatus.AWAITING_APPROVAL));
        return Future.succeededFuture(
                new Balance(money(available(merchantId)), money(pendingOut), merchants.get(merchantId)));
    }

    /** Credits less the transfers that have not failed: a failed one gave its debit back. */
    private BigDecimal available(UUID merchantId) {
        return credits.getOrDefault(merchantId, BigDecimal.ZERO)
                .subtract(sum(t -> t.merchantId().equals(merchantId) && t.status() != TransferStatus.FAILED));
    }

    private BigDecimal sum(java.util.function.Predicate<Transfer> which) {
        return rows.values().stream().filter(which).map(Transfer::amount).reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    private static BigDecimal money(BigDecimal amount) {
        return amount.setScale(2, java.math.RoundingMode.UNNECESSARY);
    }

    @Override
    public Future<Long> keepLedgerSums(int maxEntries) {
        return Future.succeededFuture(0L); // no kept sums here: a balance adds every credit and transfer
    }

    /**
     * Records the request and answers it as PostgreSQL does, with {@link DebitRule}'s rules: the merchant must be
     * known (its payment too, for a refund), the same key answers its transfer again, and no debit goes past the
     * payment or the balance. A refund is paid by its payment's provider ({@code sandbox} here), a payout by its own.
     */
    @Override
    public Future<CreatedTransfer> create(NewTransfer request) {
        asked.add(request);
        try {
            return Future.succeededFuture(debit(request));
        } catch (ServiceException refused) {
            return Future.failedFuture(refused);
        }
    }

    private CreatedTransfer debit(NewTransfer request) {
        if (!merchants.containsKey(request.merchantId())) {
            throw ServiceException.notFound("Merchant");
        }
        List<Object> key = List.of(request.merchantId(), request.kind(), String.valueOf(request.idempotencyKey()));
        if (request.idempotencyKey() != null && keys.containsKey(key)) {
            UUID earlier = keys.get(key);
            byte[] hash = requestHashes.get(earlier);
            if (hash == null || !Arrays.equals(hash, request.requestHash())) {
                throw new ServiceException(
                        ErrorKind.CONFLICT,
                        "idempotency_key_reused",
                        "This Idempotency-Key was used with a different request");
            }
            return new CreatedTransfer(rows.get(earlier), false);
        }
        BigDecimal amount = request.amount();
        String receiver = merchants.get(request.merchantId());
        if (request.kind() == TransferKind.REFUND) {
            if (!request.merchantId().equals(paymentMerchants.get(request.paymentId()))) {
                throw ServiceException.notFound("Payment");
            }
            BigDecimal refunded = sum(t -> request.paymentId().equals(t.paymentId())
                    && t.kind() == TransferKind.REFUND
                    && t.status() != TransferStatus.FAILED);
            amount = DebitRule.refundAmount(request.amount(), paymentAmounts.get(request.paymentId()), refunded);
            receiver = "50937000001";
        }
        DebitRule.requireAvailable(available(request.merchantId()), amount);
        boolean awaits = ApprovalThreshold.requiresApproval(thresholds.get(request.merchantId()), amount);
        OffsetDateTime now = now();
        Transfer transfer = new Transfer(
                request.id(),
                request.kind(),
                request.merchantId(),
                request.paymentId(),
                amount,
                receiver,
                request.reason(),
                awaits ? TransferStatus.AWAITING_APPROVAL : TransferStatus.PENDING,
                null,
                null,
                TransferSending.NEW,
                now,
                now,
                request.provider() != null ? request.provider() : "sandbox",
                true,
                awaits ? new Transfer.Approval(request.requestedBy(), null, null, null) : null);
        rows.put(transfer.id(), transfer);
        due.put(transfer.id(), clock.instant());
        if (request.idempotencyKey() != null) {
            keys.put(key, transfer.id());
            requestHashes.put(transfer.id(), request.requestHash());
        }
        return new CreatedTransfer(transfer, true);
    }

    @Override
    public Future<Transfer> get(UUID merchantId, TransferKind kind, UUID id) {
        Transfer t = rows.get(id);
        return t != null && t.merchantId().equals(merchantId) && t.kind() == kind
                ? Future.succeededFuture(t)
                : Future.failedFuture(ServiceException.notFound(kind == TransferKind.REFUND ? "Refund" : "Payout"));
    }

    @Override
    public Future<List<Transfer>> refunds(UUID merchantId, UUID paymentId) {
        throw new UnsupportedOperationException("refund lists are tested against PostgreSQL");
    }

    @Override
    public Future<PayoutPage> payouts(UUID merchantId, int limit, UUID startingAfter, UUID endingBefore) {
        throw new UnsupportedOperationException("payout lists are tested against PostgreSQL");
    }
}
