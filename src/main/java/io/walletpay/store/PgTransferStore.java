package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.json.NewIdentifiers;
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
import io.walletpay.payment.PaymentStatus;
import io.walletpay.webhook.EventType;
import io.walletpay.webhook.TransferWebhookBody;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/** Refunds, payouts and the ledger in PostgreSQL ({@code transfers}, {@code ledger_entries}). */
final class PgTransferStore implements TransferStore {

    private final Database database;
    private final WakeUps wakeUps;

    PgTransferStore(Database database, WakeUps wakeUps) {
        this.database = database;
        this.wakeUps = wakeUps;
    }

    @Override
    public Future<Balance> balance(UUID merchantId) {
        return database.statements()
                .preparedQuery(TransferSql.BALANCE)
                .execute(Tuple.of(merchantId))
                .map(rows -> {
                    Row row = rows.iterator().next();
                    return new Balance(
                            money(row.getBigDecimal("available")),
                            money(row.getBigDecimal("pending_out")),
                            row.getString("payout_phone"));
                });
    }

    @Override
    public Future<Long> keepLedgerSums(int maxEntries) {
        Future<Long> stableEnd = database.transactions().withTransaction(connection -> connection
                .query(TransferSql.LOCK_TIMEOUT)
                .execute()
                .compose(set -> connection.query(TransferSql.LOCK_LEDGER).execute())
                .compose(locked ->
                        connection.query(TransferSql.STABLE_LEDGER_END).execute())
                .map(rows -> rows.iterator().next().getLong(0)));
        Future<Long> cut = stableEnd.compose(
                end -> database.statements().query(TransferSql.CUT).execute().map(rows -> rows.iterator()
                        .next()
                        .getLong(0)));
        return cut.compose(from -> {
                    long to = Math.min(stableEnd.result(), from + maxEntries);
                    if (to <= from) {
                        return Future.succeededFuture(0L);
                    }
                    return database.statements()
                            .preparedQuery(TransferSql.ADVANCE_CUT)
                            .execute(Tuple.of(to))
                            .map(rows -> rows.iterator().next().getLong("moved") == 1 ? to - from : 0L);
                })
                .recover(failure -> DatabaseFailures.lockNotAvailable(failure)
                        ? Future.succeededFuture(0L)
                        : Future.failedFuture(failure));
    }

    @Override
    public Future<CreatedTransfer> create(NewTransfer request) {
        return database.transactions()
                .withTransaction(connection -> connection
                        .preparedQuery(TransferSql.LOCK_MERCHANT)
                        .execute(Tuple.of(request.merchantId()))
                        .compose(merchant -> {
                            if (merchant.size() == 0) {
                                throw ServiceException.notFound("Merchant");
                            }
                            Row locked = merchant.iterator().next();
                            String payoutPhone = locked.getString("payout_phone");
                            BigDecimal threshold = locked.getBigDecimal("approval_threshold");
                            return replay(connection, request)
                                    .compose(earlier -> earlier != null
                                            ? Future.succeededFuture(new CreatedTransfer(earlier, false))
                                            : debit(connection, request, payoutPhone, threshold)
                                                    .map(created -> new CreatedTransfer(created, true)));
                        }))
                .onSuccess(created -> {
                    if (created.created()) {
                        wakeUps.deliveriesDue();
                    }
                });
    }

    /** The transfer an earlier request with the same key made; a different request with it is refused. */
    private static Future<Transfer> replay(SqlConnection connection, NewTransfer request) {
        if (request.idempotencyKey() == null) {
            return Future.succeededFuture(null);
        }
        return connection
                .preparedQuery(TransferSql.BY_KEY)
                .execute(Tuple.of(request.merchantId(), request.kind().wireName(), request.idempotencyKey()))
                .map(rows -> {
                    if (rows.size() == 0) {
                        return null;
                    }
                    Row row = rows.iterator().next();
                    Buffer hash = row.getBuffer("request_hash");
                    if (hash == null || !Arrays.equals(hash.getBytes(), request.requestHash())) {
                        throw new ServiceException(
                                ErrorKind.CONFLICT,
                                "idempotency_key_reused",
                                "This Idempotency-Key was used with a different request");
                    }
                    return transfer(row);
                });
    }

    /**
     * The debit and the transfer; one of at least {@code threshold} (null: four eyes off) is kept awaiting approval,
     * named after who asked, and no worker claims it until it is approved.
     */
    private Future<Transfer> debit(
            SqlConnection connection, NewTransfer request, String payoutPhone, BigDecimal threshold) {
        Future<Target> target = request.kind() == TransferKind.REFUND
                ? refundTarget(connection, request)
                : payoutTarget(request, payoutPhone);
        return target.compose(found -> connection
                .preparedQuery(TransferSql.AVAILABLE)
                .execute(Tuple.of(request.merchantId()))
                .compose(available -> {
                    DebitRule.requireAvailable(available.iterator().next().getBigDecimal(0), found.amount());
                    boolean awaits = ApprovalThreshold.requiresApproval(threshold, found.amount());
                    return connection.preparedQuery(TransferSql.INSERT).execute(Tuple.from(new Object[] {
                        request.id(),
                        request.kind().wireName(),
                        request.merchantId(),
                        request.paymentId(),
                        found.amount(),
                        found.receiver(),
                        request.reason(),
                        request.idempotencyKey(),
                        request.requestHash() == null ? null : Buffer.buffer(request.requestHash()),
                        request.provider(),
                        (awaits ? TransferStatus.AWAITING_APPROVAL : TransferStatus.PENDING).wireName(),
                        awaits ? request.requestedBy() : null
                    }));
                })
                .map(rows -> transfer(rows.iterator().next()))
                .compose(transfer -> ledger(
                                connection,
                                transfer,
                                transfer.kind().wireName(),
                                transfer.amount().negate())
                        .compose(entered -> transfer.kind() == TransferKind.REFUND
                                ? connection
                                        .preparedQuery(TransferSql.REFUNDED)
                                        .execute(Tuple.of(transfer.paymentId(), transfer.amount()))
                                        .mapEmpty()
                                : Future.succeededFuture())
                        .compose(counted -> announce(connection, transfer))
                        .map(transfer)));
    }

    /** Where a transfer goes and how much: the amount decided, the wallet number paid. */
    private record Target(BigDecimal amount, String receiver) {}

    private static Future<Target> refundTarget(SqlConnection connection, NewTransfer request) {
        return connection
                .preparedQuery(TransferSql.PAYMENT)
                .execute(Tuple.of(request.paymentId(), request.merchantId()))
                .map(rows -> {
                    if (rows.size() == 0) {
                        throw ServiceException.notFound("Payment");
                    }
                    Row payment = rows.iterator().next();
                    if (!PaymentStatus.COMPLETED.wireName().equals(payment.getString("status"))) {
                        throw new ServiceException(
                                ErrorKind.CONFLICT,
                                "invalid_state",
                                "Only a completed payment can be refunded; this one is " + payment.getString("status"));
                    }
                    BigDecimal amount = DebitRule.refundAmount(
                            request.amount(),
                            payment.getBigDecimal("amount"),
                            payment.getBigDecimal("amount_refunded"));
                    String payer = payment.getString("payer");
                    if (payer == null || payer.isBlank()) {
                        throw new ServiceException(
                                ErrorKind.CONFLICT,
                                "no_payer",
                                "The wallet provider reported no paying wallet for this payment, so there is no one to"
                                        + " refund");
                    }
                    return new Target(amount, payer);
                });
    }

    private static Future<Target> payoutTarget(NewTransfer request, String payoutPhone) {
        if (payoutPhone == null) {
            return Future.failedFuture(new ServiceException(
                    ErrorKind.CONFLICT, "no_payout_phone", "Set a payout_phone before asking for a payout"));
        }
        return Future.succeededFuture(new Target(request.amount(), payoutPhone));
    }

    private static Future<Void> ledger(SqlConnection connection, Transfer transfer, String kind, BigDecimal amount) {
        return connection
                .preparedQuery(TransferSql.LEDGER)
                .execute(Tuple.of(transfer.merchantId(), kind, transfer.id(), amount))
                .mapEmpty();
    }

    /** The transfer's webhook, queued in the transaction that changed it. */
    private static Future<Void> announce(SqlConnection connection, Transfer transfer) {
        return connection
                .preparedQuery(OutboxSql.INSERT)
                .execute(Tuple.of(
                        new UUID[] {NewIdentifiers.next()},
                        new UUID[] {transfer.merchantId()},
                        new UUID[] {transfer.paymentId()},
                        new String[] {EventType.of(transfer.kind()).wireName()},
                        new String[] {TransferWebhookBody.of(transfer, OffsetDateTime.now())},
                        new String[] {null}))
                .mapEmpty();
    }

    @Override
    public Future<List<Transfer>> refunds(UUID merchantId, UUID paymentId) {
        return database.statements()
                .preparedQuery(TransferSql.PAYMENT_OF_MERCHANT)
                .execute(Tuple.of(paymentId, merchantId))
                .compose(found -> {
                    if (found.size() == 0) {
                        throw ServiceException.notFound("Payment");
                    }
                    return database.statements()
                            .preparedQuery(TransferSql.REFUNDS)
                            .execute(Tuple.of(paymentId, merchantId));
                })
                .map(PgTransferStore::transfers);
    }

    @Override
    public Future<PayoutPage> payouts(UUID merchantId, int limit, UUID startingAfter, UUID endingBefore) {
        boolean back = endingBefore != null;
        UUID cursor = back ? endingBefore : startingAfter;
        return database.statements()
                .preparedQuery(back ? TransferSql.PAYOUTS_BEFORE : TransferSql.PAYOUTS)
                .execute(Tuple.of(merchantId, limit + 1, cursor))
                .compose(rows -> ListCursor.named(
                        database.statements(),
                        rows,
                        TransferSql.PAYOUT_CURSOR_ROW,
                        Tuple.of(cursor, merchantId),
                        "a payout",
                        ListCursor.parameter(back)))
                .map(rows -> ListCursor.page(transfers(rows), limit, back, PayoutPage::new));
    }

    @Override
    public Future<Transfer> get(UUID merchantId, TransferKind kind, UUID id) {
        return database.statements()
                .preparedQuery(TransferSql.ONE)
                .execute(Tuple.of(id, merchantId, kind.wireName()))
                .map(rows -> {
                    if (rows.size() == 0) {
                        throw ServiceException.notFound(kind == TransferKind.REFUND ? "Refund" : "Payout");
                    }
                    return transfer(rows.iterator().next());
                });
    }

    @Override
    public Future<List<Transfer>> claimDue(int limit, Duration lease) {
        return database.statements()
                .preparedQuery(TransferSql.CLAIM_DUE)
                .execute(Tuple.of(limit, Math.toIntExact(lease.toSeconds())))
                .map(PgTransferStore::transfers);
    }

    @Override
    public Future<Transfer> succeeded(UUID id, String providerTransactionId) {
        return settle(id, TransferStatus.SUCCEEDED, providerTransactionId, null);
    }

    @Override
    public Future<Transfer> failed(UUID id, String reason) {
        return settle(id, TransferStatus.FAILED, null, reason);
    }

    private Future<Transfer> settle(UUID id, TransferStatus status, String providerTransactionId, String reason) {
        return database.transactions()
                .withTransaction(connection -> settle(connection, id, status, providerTransactionId, reason)
                        .compose(settled -> settled != null
                                ? Future.succeededFuture(settled)
                                : connection
                                        .preparedQuery(TransferSql.BY_ID)
                                        .execute(Tuple.of(id))
                                        .map(current ->
                                                transfer(current.iterator().next()))))
                .onSuccess(settled -> wakeUps.deliveriesDue());
    }

    /**
     * Settles a pending transfer in {@code connection}'s transaction: its status, for a failed one the debit given
     * back by a new ledger entry (and a refund's amount no longer counted against its payment), and its webhook.
     * Null when it was settled already.
     */
    private static Future<Transfer> settle(
            SqlConnection connection, UUID id, TransferStatus status, String providerTransactionId, String reason) {
        return connection
                .preparedQuery(TransferSql.SETTLE)
                .execute(Tuple.of(id, status.wireName(), providerTransactionId, reason))
                .compose(rows -> {
                    if (rows.size() == 0) {
                        return Future.succeededFuture(null);
                    }
                    Transfer settled = transfer(rows.iterator().next());
                    Future<Void> reversed =
                            status != TransferStatus.FAILED ? Future.succeededFuture() : giveBack(connection, settled);
                    return reversed.compose(done -> announce(connection, settled))
                            .map(settled);
                });
    }

    /**
     * A failed transfer's debit given back by a new ledger entry, and a refund's amount no longer counted against its
     * payment, in {@code connection}'s transaction.
     */
    private static Future<Void> giveBack(SqlConnection connection, Transfer failed) {
        return ledger(connection, failed, failed.kind().wireName() + "_reversal", failed.amount())
                .compose(entered -> failed.kind() != TransferKind.REFUND
                        ? Future.succeededFuture()
                        : connection
                                .preparedQuery(TransferSql.REFUNDED)
                                .execute(Tuple.of(
                                        failed.paymentId(), failed.amount().negate()))
                                .mapEmpty());
    }

    @Override
    public Future<List<Transfer>> awaitingApproval(UUID merchantId) {
        return database.statements()
                .preparedQuery(TransferSql.AWAITING_APPROVAL)
                .execute(Tuple.of(merchantId))
                .map(PgTransferStore::transfers);
    }

    @Override
    public Future<Transfer> approve(UUID id, String approver, AuditEntry entry) {
        return decideApproval(entry, connection -> connection
                .preparedQuery(TransferSql.APPROVE)
                .execute(Tuple.of(id, approver))
                .map(PgTransferStore::decided));
    }

    @Override
    public Future<Transfer> reject(UUID id, String decider, AuditEntry entry) {
        return decideApproval(entry, connection -> connection
                .preparedQuery(TransferSql.REJECT)
                .execute(Tuple.of(id, decider, Transfer.APPROVAL_REJECTED))
                .map(PgTransferStore::decided)
                .compose(rejected -> giveBack(connection, rejected).map(rejected)));
    }

    /** The one transfer a four-eyes decision changed; none: it awaits no longer (or it was the asker's), 409. */
    private static Transfer decided(RowSet<Row> rows) {
        if (rows.size() == 0) {
            throw notAwaitingApproval();
        }
        return transfer(rows.iterator().next());
    }

    static ServiceException notAwaitingApproval() {
        return new ServiceException(
                ErrorKind.CONFLICT,
                "not_awaiting_approval",
                "This transfer is not awaiting approval: someone has approved or rejected it already");
    }

    /** A four-eyes decision, its webhook and its audit entry, committed together. */
    private Future<Transfer> decideApproval(
            AuditEntry entry, java.util.function.Function<SqlConnection, Future<Transfer>> change) {
        return database.transactions()
                .withTransaction(connection -> change.apply(connection)
                        .compose(decided -> announce(connection, decided).map(decided))
                        .compose(decided -> connection
                                .preparedQuery(AuditSql.INSERT)
                                .execute(Tuple.of(
                                        entry.merchantId(),
                                        entry.actor(),
                                        entry.sourceAddress(),
                                        entry.action(),
                                        entry.what()))
                                .map(decided)))
                .onSuccess(decided -> wakeUps.deliveriesDue());
    }

    @Override
    public Future<OffsetDateTime> markSent(UUID id, int attempts) {
        return database.statements()
                .preparedQuery(TransferSql.MARK_SENT)
                .execute(Tuple.of(id, attempts))
                .map(rows -> rows.size() == 0 ? null : rows.iterator().next().getOffsetDateTime(0));
    }

    @Override
    public Future<Void> holdForReview(UUID id, int attempts, String error) {
        return database.statements()
                .preparedQuery(TransferSql.HOLD_FOR_REVIEW)
                .execute(Tuple.of(id, attempts, error))
                .mapEmpty();
    }

    @Override
    public Future<TransferPage> forOperators(boolean onlyInReview, int limit, UUID startingAfter, UUID endingBefore) {
        boolean back = endingBefore != null;
        UUID cursor = back ? endingBefore : startingAfter;
        return database.statements()
                .preparedQuery(back ? TransferSql.FOR_OPERATORS_BEFORE : TransferSql.FOR_OPERATORS)
                .execute(Tuple.of(onlyInReview, limit + 1, cursor))
                .compose(rows -> ListCursor.named(
                        database.statements(),
                        rows,
                        TransferSql.OPERATOR_CURSOR_ROW,
                        Tuple.of(cursor),
                        "a transfer",
                        ListCursor.parameter(back)))
                .map(rows -> ListCursor.page(transfers(rows), limit, back, TransferPage::new));
    }

    @Override
    public Future<HeldForReview> heldForReview() {
        return database.statements()
                .preparedQuery(TransferSql.HELD_FOR_REVIEW)
                .execute()
                .map(rows -> {
                    Row row = rows.iterator().next();
                    return new HeldForReview(row.getLong(0), money(row.getBigDecimal(1)));
                });
    }

    @Override
    public Future<Transfer> forOperator(UUID id) {
        return database.statements()
                .preparedQuery(TransferSql.BY_ID)
                .execute(Tuple.of(id))
                .map(rows -> {
                    if (rows.size() == 0) {
                        throw ServiceException.notFound("Transfer");
                    }
                    return transfer(rows.iterator().next());
                });
    }

    @Override
    public Future<Transfer> resolve(
            UUID id, TransferResolution resolution, String providerTransactionId, AuditEntry entry) {
        return database.transactions()
                .withTransaction(connection -> connection
                        .preparedQuery(TransferSql.HELD)
                        .execute(Tuple.of(id))
                        .compose(rows -> {
                            if (rows.size() == 0) {
                                throw ServiceException.notFound("Transfer");
                            }
                            Transfer held = transfer(rows.iterator().next());
                            if (held.status() != TransferStatus.PENDING
                                    || !held.sending().needsReview()) {
                                throw new ServiceException(
                                        ErrorKind.CONFLICT,
                                        "not_in_review",
                                        "Only a pending transfer held for review can be resolved; this one is "
                                                + (held.status() == TransferStatus.PENDING
                                                        ? "being settled with the provider"
                                                        : held.status().wireName()));
                            }
                            return decide(connection, id, resolution, providerTransactionId);
                        })
                        .compose((Transfer decided) -> connection
                                .preparedQuery(AuditSql.INSERT)
                                .execute(Tuple.of(
                                        entry.merchantId(),
                                        entry.actor(),
                                        entry.sourceAddress(),
                                        entry.action(),
                                        entry.what()))
                                .map(decided)))
                .onSuccess(decided -> wakeUps.deliveriesDue());
    }

    private static Future<Transfer> decide(
            SqlConnection connection, UUID id, TransferResolution resolution, String providerTransactionId) {
        if (resolution.outcome() == TransferResolution.Outcome.SEND_AGAIN) {
            return connection
                    .preparedQuery(TransferSql.SEND_AGAIN)
                    .execute(Tuple.of(id, resolution.note()))
                    .map(rows -> transfer(rows.iterator().next()));
        }
        boolean succeeded = resolution.outcome() == TransferResolution.Outcome.SUCCEEDED;
        return connection
                .preparedQuery(TransferSql.RESOLVED)
                .execute(Tuple.of(id, resolution.outcome().wireName(), resolution.note()))
                .compose(kept -> settle(
                        connection,
                        id,
                        succeeded ? TransferStatus.SUCCEEDED : TransferStatus.FAILED,
                        succeeded ? providerTransactionId : null,
                        succeeded ? null : Transfer.NOT_MADE));
    }

    @Override
    public Future<Void> retryLater(UUID id, int attempts, Duration delay, String error) {
        return database.statements()
                .preparedQuery(TransferSql.RETRY_LATER)
                .execute(Tuple.of(id, Math.toIntExact(Math.max(1, delay.toSeconds())), error, attempts))
                .mapEmpty();
    }

    private static List<Transfer> transfers(RowSet<Row> rows) {
        List<Transfer> transfers = new ArrayList<>(rows.size());
        rows.forEach(row -> transfers.add(transfer(row)));
        return transfers;
    }

    private static Transfer transfer(Row row) {
        return new Transfer(
                row.getUUID("id"),
                TransferKind.fromWire(row.getString("kind")),
                row.getUUID("merchant_id"),
                row.getUUID("payment_id"),
                row.getBigDecimal("amount"),
                row.getString("receiver"),
                row.getString("reason"),
                TransferStatus.fromWire(row.getString("status")),
                row.getString("failure_reason"),
                row.getString("provider_transaction_id"),
                new TransferSending(
                        row.getInteger("attempts"),
                        row.getOffsetDateTime("sent_at"),
                        row.getInteger("sends"),
                        row.getBoolean("needs_review"),
                        row.getString("last_error"),
                        resolution(row)),
                row.getOffsetDateTime("created_at"),
                row.getOffsetDateTime("updated_at"),
                row.getString("provider"),
                row.getBoolean("livemode"),
                approval(row));
    }

    /** Who asked and who decided, for a transfer that needed approval; null for one that did not. */
    private static Transfer.Approval approval(Row row) {
        String requestedBy = row.getString("requested_by");
        return requestedBy == null
                ? null
                : new Transfer.Approval(
                        requestedBy,
                        row.getString("approved_by"),
                        row.getString("rejected_by"),
                        row.getOffsetDateTime("decided_at"));
    }

    private static TransferResolution resolution(Row row) {
        String outcome = row.getString("resolution");
        return outcome == null
                ? null
                : new TransferResolution(
                        TransferResolution.Outcome.fromWire(outcome),
                        row.getString("resolution_note"),
                        row.getOffsetDateTime("resolved_at"));
    }

    private static BigDecimal money(BigDecimal value) {
        return value.setScale(2, java.math.RoundingMode.UNNECESSARY);
    }
}
