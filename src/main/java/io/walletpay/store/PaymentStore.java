package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import io.walletpay.bus.PaymentMessages.ClaimIdempotencyKey;
import io.walletpay.bus.PaymentMessages.CreatePayment;
import io.walletpay.bus.PaymentMessages.IdempotencyClaim;
import io.walletpay.bus.PaymentMessages.ListPayments;
import io.walletpay.bus.PaymentMessages.PaymentPage;
import io.walletpay.bus.PaymentMessages.StoredResponse;
import io.walletpay.bus.PaymentMessages.TransitionPayment;
import io.walletpay.config.AppConfig;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.payment.NewPayment;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** Reads and writes payments and Idempotency-Keys; every transition writes its outbox row in the same transaction. */
final class PaymentStore {

    /**
     * A claimed key whose request has not answered after this long is taken to have died with its node; longer
     * than the slowest live-provider create (token and create, each retried once after a 401). Should the first
     * request still finish later, its payment is rolled back: only the current claim may answer the key.
     */
    static final int ABANDONED_CLAIM_SECONDS = 120;

    static final int EXPIRY_BATCH = 500;

    private final Database database;
    private final AppConfig.Payments config;

    PaymentStore(Database database, AppConfig.Payments config) {
        this.database = database;
        this.config = config;
    }

    Future<IdempotencyClaim> claim(ClaimIdempotencyKey claim) {
        SqlClient sql = database.statements();
        return sql.preparedQuery(PaymentSql.CLAIM_KEY)
                .execute(Tuple.of(
                        claim.merchantId(),
                        claim.key(),
                        Buffer.buffer(claim.requestHash()),
                        (int) config.idempotencyTtl().toSeconds(),
                        ABANDONED_CLAIM_SECONDS,
                        claim.claimId()))
                .compose(claimed -> claimed.size() == 1
                        ? Future.succeededFuture(new IdempotencyClaim(null))
                        : sql.preparedQuery(PaymentSql.KEY)
                                .execute(Tuple.of(claim.merchantId(), claim.key()))
                                .map(rows -> earlierUse(rows, claim)));
    }

    private static IdempotencyClaim earlierUse(RowSet<Row> rows, ClaimIdempotencyKey claim) {
        if (rows.size() == 0) {
            // the holder released it between our two statements: ask the merchant to retry rather than guess
            throw keyInUse();
        }
        Row row = rows.iterator().next();
        if (!MessageDigest.isEqual(row.getBuffer("request_hash").getBytes(), claim.requestHash())) {
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

    Future<Void> release(UUID merchantId, String key, UUID claimId) {
        return database.statements()
                .preparedQuery(PaymentSql.RELEASE_KEY)
                .execute(Tuple.of(merchantId, key, claimId))
                .mapEmpty();
    }

    /**
     * Without a key one INSERT; with a key the payment and the caller's answer (kept for replays) commit together.
     * Answers the caller's answer.
     */
    Future<StoredResponse> create(CreatePayment command) {
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
        var request = payment.request();
        Tuple params = Tuple.tuple()
                .addValue(payment.id())
                .addValue(payment.merchantId())
                .addValue(request.referenceId())
                .addValue(payment.charge().amount())
                .addValue(payment.charge().fees())
                .addValue(payment.charge().netAmount())
                .addValue(request.customerName())
                .addValue(request.customerEmail())
                .addValue(request.description())
                .addValue(payment.checkoutToken())
                .addValue(payment.redirectUrl())
                .addValue(payment.createdAt())
                .addValue(payment.expiresAt());
        return sql.preparedQuery(PaymentSql.INSERT)
                .execute(params)
                .map(rows -> toPayment(rows.iterator().next()));
    }

    Future<Payment> get(UUID merchantId, UUID id) {
        return database.statements()
                .preparedQuery(PaymentSql.BY_ID_FOR_MERCHANT)
                .execute(Tuple.of(id, merchantId))
                .map(rows -> {
                    if (rows.size() == 0) {
                        throw ServiceException.notFound("Payment");
                    }
                    return toPayment(rows.iterator().next());
                });
    }

    Future<PaymentPage> page(ListPayments query) {
        Tuple params = Tuple.of(
                query.merchantId(),
                query.referenceId(),
                query.status() == null ? null : query.status().wireName(),
                query.limit() + 1,
                query.startingAfter());
        return database.statements()
                .preparedQuery(PaymentSql.PAGE)
                .execute(params)
                .map(rows -> {
                    List<Payment> payments = new ArrayList<>();
                    rows.forEach(row -> payments.add(toPayment(row)));
                    boolean more = payments.size() > query.limit();
                    return new PaymentPage(more ? payments.subList(0, query.limit()) : payments, more);
                });
    }

    /**
     * One conditional UPDATE plus the outbox row, in one transaction. When the payment is not pending any more the
     * answer is 409 {@code invalid_state}; unknown (or another merchant's) payments are 404.
     */
    Future<Payment> transition(TransitionPayment command) {
        if (!PaymentStatus.PENDING.canMoveTo(command.target())) {
            return Future.failedFuture(new IllegalArgumentException("not a transition target: " + command.target()));
        }
        return database.transactions()
                .withTransaction(connection -> connection
                        .preparedQuery(PaymentSql.TRANSITION)
                        .execute(Tuple.of(
                                command.paymentId(),
                                command.target().wireName(),
                                command.providerTransactionId(),
                                command.failureReason(),
                                command.payer()))
                        .compose(rows -> {
                            if (rows.size() == 0) {
                                return Future.succeededFuture((Payment) null);
                            }
                            Payment changed = toPayment(rows.iterator().next());
                            if (command.merchantId() != null
                                    && !command.merchantId().equals(changed.merchantId())) {
                                return Future.failedFuture(ServiceException.notFound("Payment")); // rolls back
                            }
                            return Outbox.record(connection, List.of(changed)).map(changed);
                        }))
                .compose(changed -> changed != null ? Future.succeededFuture(changed) : explainRefusal(command));
    }

    /**
     * Marks a payment for a person (the provider reported another amount or order for it); its status stays as it
     * is. True when this call flagged it, false when it was flagged already (or is unknown).
     */
    Future<Boolean> flagForReview(UUID paymentId, String reason, String providerTransactionId) {
        return database.statements()
                .preparedQuery(PaymentSql.FLAG_FOR_REVIEW)
                .execute(Tuple.of(paymentId, reason, providerTransactionId))
                .map(rows -> rows.rowCount() == 1);
    }

    private Future<Payment> explainRefusal(TransitionPayment command) {
        return database.statements()
                .preparedQuery(PaymentSql.BY_ID)
                .execute(Tuple.of(command.paymentId()))
                .map(rows -> {
                    if (rows.size() == 0) {
                        throw ServiceException.notFound("Payment");
                    }
                    Payment current = toPayment(rows.iterator().next());
                    if (command.merchantId() != null && !command.merchantId().equals(current.merchantId())) {
                        throw ServiceException.notFound("Payment");
                    }
                    current.status().transitionTo(command.target()); // throws the 409 that explains why
                    throw new IllegalStateException("pending payment " + current.id() + " was not updated");
                });
    }

    /** Expires one batch of due payments with their outbox rows; returns what changed. */
    Future<List<Payment>> expireDue() {
        return database.transactions().withTransaction(connection -> connection
                .preparedQuery(PaymentSql.EXPIRE_DUE)
                .execute(Tuple.of(EXPIRY_BATCH))
                .compose(rows -> {
                    List<Payment> expired = new ArrayList<>();
                    rows.forEach(row -> expired.add(toPayment(row)));
                    return Outbox.record(connection, expired).map(expired);
                }));
    }

    /** Pending payments past their expiry (unchanged: the caller decides each one). */
    Future<List<Payment>> dueForExpiry(int limit) {
        return database.statements()
                .preparedQuery(PaymentSql.DUE_FOR_EXPIRY)
                .execute(Tuple.of(limit))
                .map(rows -> {
                    List<Payment> due = new ArrayList<>();
                    rows.forEach(row -> due.add(toPayment(row)));
                    return due;
                });
    }

    Future<Integer> purgeExpiredKeys() {
        return database.statements()
                .preparedQuery(PaymentSql.PURGE_EXPIRED_KEYS)
                .execute(Tuple.of(EXPIRY_BATCH))
                .map(RowSet::rowCount);
    }

    static Payment toPayment(Row row) {
        return new Payment(
                row.getUUID("id"),
                row.getUUID("merchant_id"),
                row.getString("reference_id"),
                row.getBigDecimal("amount"),
                row.getBigDecimal("fees"),
                row.getBigDecimal("net_amount"),
                PaymentStatus.fromWire(row.getString("status")).orElseThrow(),
                row.getString("customer_name"),
                row.getString("customer_email"),
                row.getString("description"),
                row.getString("checkout_token"),
                row.getString("redirect_url"),
                row.getString("provider_transaction_id"),
                row.getOffsetDateTime("created_at"),
                row.getOffsetDateTime("updated_at"),
                row.getOffsetDateTime("completed_at"),
                row.getOffsetDateTime("expires_at"),
                row.getString("payer"),
                row.getString("failure_reason"),
                Boolean.TRUE.equals(row.getBoolean("needs_review")),
                row.getString("review_reason"));
    }
}
