package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import io.walletpay.config.AppConfig;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.payment.IdempotencyClaim;
import io.walletpay.payment.ListPayments;
import io.walletpay.payment.NewPayment;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentPage;
import io.walletpay.payment.ShortCode;
import io.walletpay.payment.StoredResponse;
import io.walletpay.payment.TransitionPayment;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * {@link PaymentStore} on PostgreSQL: Idempotency-Keys, creates, reads and the merchant's transitions. Creates
 * queue in a {@link GroupCommit}, so requests arriving together share one statement and one commit; transitions go
 * through {@link PaymentTransitions}; rows are read and written as {@link PaymentRow} says.
 */
final class PgPaymentStore implements PaymentStore {

    /** A create as queued: the payment, its key and claim, and the answer kept for replays. */
    record CreatePayment(NewPayment payment, String idempotencyKey, UUID claimId, StoredResponse answer) {}

    /**
     * A claimed key whose request has not answered after this long is taken to have died with its node; longer
     * than the slowest live-provider create (token and create, each retried once after a 401). Should the first
     * request still finish later, its payment is rolled back: only the current claim may answer the key.
     */
    static final int ABANDONED_CLAIM_SECONDS = 120;

    private final Database database;
    private final AppConfig.Payments config;
    private final PaymentTransitions transitions;

    /** Creates per flush: enough to share a commit widely, small enough to keep one statement's arrays modest. */
    static final int MAX_CREATE_BATCH = 256;

    private final GroupCommit<CreatePayment, StoredResponse> creates;

    /**
     * @param transitions the payments' one transition, shared with the checkout store
     * @param createReturns the timer by which the next flush of creates waits for the callers of a busy one to come
     *     back (see {@link GroupCommit}); null, it never waits. Creates come in loops (a merchant's workers, a batch
     *     job): each caller sends its next payment when it has its answer. Transitions do not: a customer pays once.
     */
    PgPaymentStore(
            Database database,
            AppConfig.Payments config,
            boolean groupCommit,
            PaymentTransitions transitions,
            GroupCommit.Delays createReturns) {
        this.database = database;
        this.config = config;
        this.transitions = transitions;
        GroupCommit<CreatePayment, StoredResponse> creates =
                new GroupCommit<>(this::createAll, this::createOne, MAX_CREATE_BATCH, groupCommit);
        this.creates = createReturns == null ? creates : creates.awaitingReturns(createReturns, System::nanoTime);
    }

    @Override
    public Future<IdempotencyClaim> claimIdempotencyKey(UUID merchantId, String key, UUID claimId, byte[] requestHash) {
        SqlClient sql = database.statements();
        return sql.preparedQuery(PaymentSql.CLAIM_KEY)
                .execute(Tuple.of(
                        merchantId,
                        key,
                        Buffer.buffer(requestHash),
                        (int) config.idempotencyTtl().toSeconds(),
                        ABANDONED_CLAIM_SECONDS,
                        claimId))
                .compose(claimed -> claimed.size() == 1
                        ? Future.succeededFuture(new IdempotencyClaim(null))
                        : sql.preparedQuery(PaymentSql.KEY)
                                .execute(Tuple.of(merchantId, key))
                                .map(rows -> earlierUse(rows, requestHash)));
    }

    private static IdempotencyClaim earlierUse(RowSet<Row> rows, byte[] requestHash) {
        if (rows.size() == 0) {
            // the holder released it between our two statements: ask the merchant to retry rather than guess
            throw keyInUse();
        }
        Row row = rows.iterator().next();
        if (!MessageDigest.isEqual(row.getBuffer("request_hash").getBytes(), requestHash)) {
            throw new ServiceException(
                    ErrorKind.CONFLICT,
                    "idempotency_key_reused",
                    "This Idempotency-Key was used with a different request body");
        }
        if (row.getInteger("response_status") == null) {
            throw keyInUse();
        }
        return new IdempotencyClaim(
                new StoredResponse(row.getInteger("response_status"), row.getString("response_body")));
    }

    private static ServiceException keyInUse() {
        return new ServiceException(
                ErrorKind.CONFLICT,
                "idempotency_key_in_use",
                "A request with this Idempotency-Key is still being processed; retry shortly");
    }

    @Override
    public Future<Void> releaseIdempotencyKey(UUID merchantId, String key, UUID claimId) {
        return database.statements()
                .preparedQuery(PaymentSql.RELEASE_KEY)
                .execute(Tuple.of(merchantId, key, claimId))
                .mapEmpty();
    }

    /**
     * Without a key one INSERT; with a key the payment and the caller's answer (kept for replays) commit together.
     * Answers the caller's answer.
     */
    @Override
    public Future<StoredResponse> create(
            NewPayment payment, String idempotencyKey, UUID claimId, StoredResponse answer) {
        return creates.submit(new CreatePayment(payment, idempotencyKey, claimId, answer));
    }

    /**
     * Creates queued together in one transaction: the payments in one INSERT from arrays, the keys' answers in one
     * UPDATE from arrays. Should any key no longer be its request's (another claim took it), the whole batch rolls
     * back and {@link GroupCommit} replays it one by one, so only that request fails, as it would alone.
     */
    private Future<List<StoredResponse>> createAll(List<CreatePayment> commands) {
        int n = commands.size();
        PaymentRow.Batch rows = new PaymentRow.Batch(n);
        List<UUID> keyMerchants = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        List<Integer> statuses = new ArrayList<>();
        List<String> bodies = new ArrayList<>();
        List<UUID> claims = new ArrayList<>();
        List<StoredResponse> answers = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            CreatePayment command = commands.get(i);
            NewPayment payment = command.payment();
            rows.set(i, payment);
            answers.add(command.answer());
            if (command.idempotencyKey() != null) {
                keyMerchants.add(payment.merchantId());
                keys.add(command.idempotencyKey());
                statuses.add(command.answer().status());
                bodies.add(command.answer().body());
                claims.add(command.claimId());
            }
        }
        Tuple payments = rows.arrays();
        int keyed = keys.size();
        if (keyed == 0) {
            // one statement is a transaction of its own: one round trip, where BEGIN and COMMIT would add two; it
            // writes every row or none (no conflict clause), so its answer needs no count check after the commit
            return database.statements()
                    .preparedQuery(PaymentRow.INSERT_ALL)
                    .execute(payments)
                    .map(answers);
        }
        return database.transactions().withTransaction(connection -> connection
                .preparedQuery(PaymentRow.INSERT_ALL)
                .execute(payments)
                .compose(inserted -> {
                    if (inserted.rowCount() != n) {
                        return Future.failedFuture(
                                new IllegalStateException("batch insert wrote " + inserted.rowCount() + " of " + n));
                    }
                    return connection
                            .preparedQuery(PaymentSql.KEYS_ANSWERED)
                            .execute(Tuple.of(
                                    keyMerchants.toArray(new UUID[0]),
                                    keys.toArray(new String[0]),
                                    statuses.toArray(new Integer[0]),
                                    bodies.toArray(new String[0]),
                                    claims.toArray(new UUID[0])))
                            .compose(answered -> answered.rowCount() == keyed
                                    ? Future.succeededFuture(answers)
                                    : Future.failedFuture(keyInUse())); // rolls back; replayed one by one
                }));
    }

    private Future<StoredResponse> createOne(CreatePayment command) {
        NewPayment payment = command.payment();
        StoredResponse response = command.answer();
        if (command.idempotencyKey() == null) {
            return insert(database.statements(), payment).map(response);
        }
        return database.transactions()
                .withTransaction(connection -> insert(connection, payment).compose(inserted -> connection
                        .preparedQuery(PaymentSql.KEY_ANSWERED)
                        .execute(Tuple.of(
                                payment.merchantId(),
                                command.idempotencyKey(),
                                response.status(),
                                response.body(),
                                command.claimId()))
                        .compose(answered -> answered.rowCount() == 1
                                ? Future.succeededFuture(response)
                                : Future.failedFuture(
                                        keyInUse())))); // rolls the payment back: the key is another request's now
    }

    private static Future<Payment> insert(SqlClient sql, NewPayment payment) {
        return sql.preparedQuery(PaymentRow.INSERT)
                .execute(PaymentRow.of(payment, null))
                .map(PaymentRow::onePayment);
    }

    @Override
    public Future<Payment> get(UUID merchantId, UUID id) {
        return database.statements()
                .preparedQuery(PaymentSql.BY_ID_FOR_MERCHANT)
                .execute(Tuple.of(id, merchantId))
                .map(PaymentRow::onePayment);
    }

    @Override
    public Future<PaymentPage> list(ListPayments query) {
        boolean back = query.endingBefore() != null;
        UUID cursor = back ? query.endingBefore() : query.startingAfter();
        Tuple params = Tuple.of(
                        query.merchantId(),
                        query.referenceId(),
                        query.status() == null ? null : query.status().wireName(),
                        query.limit() + 1,
                        cursor)
                .addOffsetDateTime(query.createdGte())
                .addOffsetDateTime(query.createdLt())
                .addUUID(query.paymentLinkId())
                .addString(query.shortCode())
                .addValue(query.shortCode() == null ? null : ShortCode.number(query.shortCode()));
        return database.statements()
                .preparedQuery(back ? PaymentSql.PAGE_BEFORE : PaymentSql.PAGE)
                .execute(params)
                .compose(rows -> ListCursor.named(
                        database.statements(),
                        rows,
                        PaymentSql.CURSOR_ROW,
                        Tuple.of(cursor, query.merchantId()),
                        "a payment",
                        ListCursor.parameter(back)))
                .map(rows -> {
                    List<Payment> payments = new ArrayList<>();
                    rows.forEach(row -> payments.add(PaymentRow.toPayment(row)));
                    return ListCursor.page(payments, query.limit(), back, PaymentPage::new);
                });
    }

    @Override
    public Future<Payment> transition(TransitionPayment command) {
        return transitions
                .submit(PaymentTransitions.Transition.of(command))
                .compose(changed -> changed.isPresent()
                        ? Future.succeededFuture(changed.get().payment())
                        : explainRefusal(command));
    }

    private Future<Payment> explainRefusal(TransitionPayment command) {
        return database.statements()
                .preparedQuery(PaymentSql.BY_ID)
                .execute(Tuple.of(command.paymentId()))
                .map(rows -> {
                    Payment current = PaymentRow.onePayment(rows);
                    if (command.merchantId() != null && !command.merchantId().equals(current.merchantId())) {
                        throw ServiceException.notFound("Payment");
                    }
                    current.status().transitionTo(command.target()); // throws the 409 that explains why
                    throw new IllegalStateException("pending payment " + current.id() + " was not updated");
                });
    }

    @Override
    public Future<List<String>> reserveShortCodes(int count) {
        return database.statements()
                .preparedQuery(PaymentSql.SHORT_CODE_NUMBERS)
                .execute(Tuple.of(count))
                .map(rows -> {
                    List<String> codes = new ArrayList<>(rows.size());
                    rows.forEach(row -> codes.add(ShortCode.of(row.getLong("n"))));
                    return codes;
                });
    }
}
