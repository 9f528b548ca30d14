package io.walletpay.usecase;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The transfers' side of {@link TransferStore} in memory, for the settle and review use cases' fast tests: claims
 * with leases and due times on a clock of the test's, the send recorded once, settlements, holds and decisions.
 * Creating transfers and the balance belong to PostgreSQL's tests; here a transfer is {@link #add}ed.
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
                t.provider());
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
        List<Transfer> found = rows.values().stream()
                .filter(t -> !onlyInReview || t.sending().needsReview())
                .limit(limit)
                .toList();
        return Future.succeededFuture(new TransferPage(found, false));
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
        return t == null
                ? Future.failedFuture(io.walletpay.error.ServiceException.notFound("Transfer"))
                : Future.succeededFuture(t);
    }

    @Override
    public Future<Transfer> resolve(
            UUID id, TransferResolution resolution, String providerTransactionId, AuditEntry entry) {
        Transfer t = rows.get(id);
        TransferSending s = t.sending();
        if (t.status() != TransferStatus.PENDING || !s.needsReview()) {
            return Future.failedFuture(new io.walletpay.error.ServiceException(
                    io.walletpay.error.ErrorKind.CONFLICT, "not_in_review", "not held"));
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

    // creating transfers and reading balances are PgTransferStore's, tested against PostgreSQL

    @Override
    public Future<Balance> balance(UUID merchantId) {
        throw new UnsupportedOperationException("balances are tested against PostgreSQL");
    }

    /** Every transfer asked for, as the store received it. */
    final List<NewTransfer> asked = new ArrayList<>();

    /**
     * Records the request and answers it pending; the debit's rules (balance, refundable amount, keys) are tested
     * against PostgreSQL. A refund is paid by its payment's provider ({@code sandbox} here), a payout by its own.
     */
    @Override
    public Future<Long> keepLedgerSums(int maxEntries) {
        return Future.succeededFuture(0L); // no ledger here: balances are tested against PostgreSQL
    }

    @Override
    public Future<CreatedTransfer> create(NewTransfer request) {
        asked.add(request);
        OffsetDateTime now = now();
        Transfer transfer = new Transfer(
                request.id(),
                request.kind(),
                request.merchantId(),
                request.paymentId(),
                request.amount(),
                "50937000001",
                request.reason(),
                TransferStatus.PENDING,
                null,
                null,
                TransferSending.NEW,
                now,
                now,
                request.provider() != null ? request.provider() : "sandbox");
        rows.put(transfer.id(), transfer);
        return Future.succeededFuture(new CreatedTransfer(transfer, true));
    }

    @Override
    public Future<List<Transfer>> refunds(UUID merchantId, UUID paymentId) {
        throw new UnsupportedOperationException("refund lists are tested against PostgreSQL");
    }

    @Override
    public Future<PayoutPage> payouts(UUID merchantId, int limit, UUID startingAfter, UUID endingBefore) {
        throw new UnsupportedOperationException("payout lists are tested against PostgreSQL");
    }

    @Override
    public Future<Transfer> get(UUID merchantId, TransferKind kind, UUID id) {
        throw new UnsupportedOperationException("merchant reads are tested against PostgreSQL");
    }
}
