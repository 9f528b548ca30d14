package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import io.walletpay.checkout.Checkout;
import io.walletpay.config.AppConfig;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.MerchantStatus;
import io.walletpay.payment.NewPayment;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.payment.ShortCode;
import java.math.BigDecimal;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * {@link PaymentStore} on PostgreSQL. Creates and transitions queue in {@link GroupCommit}s, so requests arriving
 * together share one statement and one commit; every transition writes its outbox row in its transaction.
 */
final class PgPaymentStore implements PaymentStore {

    /** A create as queued: the payment, its key and claim, and the answer kept for replays. */
    record CreatePayment(NewPayment payment, String idempotencyKey, UUID claimId, StoredResponse answer) {}

    /**
     * A transition as queued: by payment id ({@code merchantId} limiting it, or null) or by checkout token (then
     * only while the checkout is open), never both.
     */
    record Transition(
            UUID paymentId,
            String token,
            UUID merchantId,
            PaymentStatus target,
            String providerTransactionId,
            String failureReason,
            String payer) {

        static Transition of(TransitionPayment command) {
            return new Transition(
                    command.paymentId(),
                    null,
                    command.merchantId(),
                    command.target(),
                    command.providerTransactionId(),
                    command.failureReason(),
                    command.payer());
        }

        static Transition byToken(String token, PaymentStatus target, String payer, String failureReason) {
            return new Transition(null, token, null, target, null, failureReason, payer);
        }

        /** What a batch may hold once: one request per payment id and per token. */
        Object key() {
            return paymentId != null ? paymentId : token;
        }
    }

    /**
     * A claimed key whose request has not answered after this long is taken to have died with its node; longer
     * than the slowest live-provider create (token and create, each retried once after a 401). Should the first
     * request still finish later, its payment is rolled back: only the current claim may answer the key.
     */
    static final int ABANDONED_CLAIM_SECONDS = 120;

    private final Database database;
    private final AppConfig.Payments config;
    private final Outbox outbox;
    private final WakeUps wakeUps;

    /** Creates per flush: enough to share a commit widely, small enough to keep one statement's arrays modest. */
    static final int MAX_CREATE_BATCH = 256;

    private final GroupCommit<CreatePayment, StoredResponse> creates;

    /** Transitions per flush; each payment appears at most once in a batch. */
    static final int MAX_TRANSITION_BATCH = 256;

    private final GroupCommit<Transition, Optional<Checkout>> transitions;

    PgPaymentStore(Database database, AppConfig.Payments config) {
        this(database, config, true);
    }

    PgPaymentStore(Database database, AppConfig.Payments config, boolean groupCommit) {
        this(database, config, groupCommit, Outbox.UNLEASED, WakeUps.NONE, null);
    }

    /**
     * @param outbox writes the transitions' webhook rows, leased to this JVM's sender or not
     * @param wakeUps told of each committed transition whose row is not handed over to a sender here
     * @param createReturns the timer by which the next flush of creates waits for the callers of a busy one to come
     *     back (see {@link GroupCommit}); null, it never waits. Creates come in loops (a merchant's workers, a batch
     *     job): each caller sends its next payment when it has its answer. Transitions do not: a customer pays once.
     */
    PgPaymentStore(
            Database database,
            AppConfig.Payments config,
            boolean groupCommit,
            Outbox outbox,
            WakeUps wakeUps,
            GroupCommit.Delays createReturns) {
        this.database = database;
        this.config = config;
        this.outbox = outbox;
        this.wakeUps = wakeUps;
        GroupCommit<CreatePayment, StoredResponse> creates =
                new GroupCommit<>(this::createAll, this::createOne, MAX_CREATE_BATCH, groupCommit);
        this.creates = createReturns == null ? creates : creates.awaitingReturns(createReturns, System::nanoTime);
        // alone, a transition is a batch of one: the same statement either way
        this.transitions = new GroupCommit<>(
                this::transitionAll,
                one -> transitionAll(List.of(one)).map(answers -> answers.get(0)),
                Transition::key,
                MAX_TRANSITION_BATCH,
                groupCommit);
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
        UUID[] ids = new UUID[n];
        UUID[] merchants = new UUID[n];
        String[] references = new String[n];
        BigDecimal[] amounts = new BigDecimal[n];
        BigDecimal[] fees = new BigDecimal[n];
        BigDecimal[] nets = new BigDecimal[n];
        String[] names = new String[n];
        String[] emails = new String[n];
        String[] descriptions = new String[n];
        String[] tokens = new String[n];
        String[] redirects = new String[n];
        OffsetDateTime[] created = new OffsetDateTime[n];
        OffsetDateTime[] expires = new OffsetDateTime[n];
        String[] codes = new String[n];
        Long[] codeNumbers = new Long[n];
        List<UUID> keyMerchants = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        List<Integer> statuses = new ArrayList<>();
        List<String> bodies = new ArrayList<>();
        List<UUID> claims = new ArrayList<>();
        List<StoredResponse> answers = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            CreatePayment command = commands.get(i);
            NewPayment payment = command.payment();
            var request = payment.request();
            ids[i] = payment.id();
            merchants[i] = payment.merchantId();
            references[i] = request.referenceId();
            amounts[i] = payment.charge().amount();
            fees[i] = payment.charge().fees();
            nets[i] = payment.charge().netAmount();
            names[i] = request.customerName();
            emails[i] = request.customerEmail();
            descriptions[i] = request.description();
            tokens[i] = payment.checkoutToken();
            redirects[i] = payment.redirectUrl();
            created[i] = payment.createdAt();
            expires[i] = payment.expiresAt();
            codes[i] = payment.shortCode();
            codeNumbers[i] = ShortCode.number(payment.shortCode());
            answers.add(command.answer());
            if (command.idempotencyKey() != null) {
                keyMerchants.add(payment.merchantId());
                keys.add(command.idempotencyKey());
                statuses.add(command.answer().status());
                bodies.add(command.answer().body());
                claims.add(command.claimId());
            }
        }
        Tuple payments = Tuple.of(ids, merchants, references, amounts, fees, nets, names)
                .addValue(emails)
                .addValue(descriptions)
                .addValue(tokens)
                .addValue(redirects)
                .addValue(created)
                .addValue(expires)
                .addValue(codes)
                .addValue(codeNumbers);
        int keyed = keys.size();
        if (keyed == 0) {
            // one statement is a transaction of its own: one round trip, where BEGIN and COMMIT would add two; it
            // writes every row or none (no conflict clause), so its answer needs no count check after the commit
            return database.statements()
                    .preparedQuery(PaymentSql.INSERT_ALL)
                    .execute(payments)
                    .map(answers);
        }
        return database.transactions().withTransaction(connection -> connection
                .preparedQuery(PaymentSql.INSERT_ALL)
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
                .addValue(payment.expiresAt())
                .addValue(payment.shortCode())
                .addValue(ShortCode.number(payment.shortCode()));
        return sql.preparedQuery(PaymentSql.INSERT)
                .execute(params)
                .map(rows -> toPayment(rows.iterator().next()));
    }

    @Override
    public Future<Payment> get(UUID merchantId, UUID id) {
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

    @Override
    public Future<PaymentPage> list(ListPayments query) {
        Tuple params = Tuple.of(
                        query.merchantId(),
                        query.referenceId(),
                        query.status() == null ? null : query.status().wireName(),
                        query.limit() + 1,
                        query.startingAfter())
                .addOffsetDateTime(query.createdGte())
                .addOffsetDateTime(query.createdLt())
                .addUUID(query.paymentLinkId())
                .addString(query.shortCode())
                .addValue(query.shortCode() == null ? null : ShortCode.number(query.shortCode()));
        return database.statements()
                .preparedQuery(PaymentSql.PAGE)
                .execute(params)
                .compose(rows -> ListCursor.named(
                        database.statements(),
                        rows,
                        PaymentSql.CURSOR_ROW,
                        Tuple.of(query.startingAfter(), query.merchantId()),
                        "a payment"))
                .map(rows -> {
                    List<Payment> payments = new ArrayList<>();
                    rows.forEach(row -> payments.add(toPayment(row)));
                    boolean more = payments.size() > query.limit();
                    return new PaymentPage(more ? payments.subList(0, query.limit()) : payments, more);
                });
    }

    @Override
    public Future<Payment> transition(TransitionPayment command) {
        if (!PaymentStatus.PENDING.canMoveTo(command.target())) {
            return Future.failedFuture(new IllegalArgumentException("not a transition target: " + command.target()));
        }
        return transitions
                .submit(Transition.of(command))
                .compose(changed -> changed.isPresent()
                        ? Future.succeededFuture(changed.get().payment())
                        : explainRefusal(command));
    }

    @Override
    public Future<Checkout> decide(String token, PaymentStatus target, String payer, String failureReason) {
        return decision(token, target, payer, failureReason).map(Decision::checkout);
    }

    /** A decided checkout; {@code changed} when this request moved the payment. */
    record Decision(Checkout checkout, boolean changed) {}

    Future<Decision> decision(String token, PaymentStatus target, String payer, String failureReason) {
        if (!PaymentStatus.PENDING.canMoveTo(target)) {
            return Future.failedFuture(new IllegalArgumentException("not a transition target: " + target));
        }
        return transitions
                .submit(Transition.byToken(token, target, payer, failureReason))
                .compose(changed -> changed.isPresent()
                        ? Future.succeededFuture(new Decision(changed.get(), true))
                        : checkout(token).map(current -> new Decision(current, false)));
    }

    /**
     * Transitions queued together (never two of one payment id or token) in one transaction: one UPDATE from
     * arrays, then the outbox rows of those that changed in one INSERT from arrays. A request whose payment did not
     * change answers empty, as alone; should anything fail, {@link GroupCommit} replays the batch one by one.
     */
    private Future<List<Optional<Checkout>>> transitionAll(List<Transition> commands) {
        int n = commands.size();
        UUID[] ids = new UUID[n];
        String[] tokens = new String[n];
        UUID[] merchants = new UUID[n];
        String[] targets = new String[n];
        String[] providerTransactions = new String[n];
        String[] failureReasons = new String[n];
        String[] payers = new String[n];
        for (int i = 0; i < n; i++) {
            Transition command = commands.get(i);
            ids[i] = command.paymentId();
            tokens[i] = command.token();
            merchants[i] = command.merchantId();
            targets[i] = command.target().wireName();
            providerTransactions[i] = command.providerTransactionId();
            failureReasons[i] = command.failureReason();
            payers[i] = command.payer();
        }
        Tuple arrays = Tuple.tuple() // not Tuple.of: it spreads a second array
                .addValue(ids)
                .addValue(tokens)
                .addValue(merchants)
                .addValue(targets)
                .addValue(providerTransactions)
                .addValue(failureReasons)
                .addValue(payers);
        return outbox.committed(database.transactions().withTransaction(connection -> connection
                        .preparedQuery(PaymentSql.TRANSITION_ALL)
                        .execute(arrays)
                        .compose(rows -> {
                            Map<Object, Checkout> changed = new HashMap<>();
                            for (Row row : rows) {
                                Checkout checkout = checkout(row);
                                String token = row.getString("decided_token");
                                changed.put(
                                        token != null
                                                ? token
                                                : checkout.payment().id(),
                                        checkout);
                            }
                            List<Optional<Checkout>> answers = new ArrayList<>(n);
                            List<Payment> changedInOrder = new ArrayList<>(changed.size());
                            for (Transition command : commands) {
                                Checkout checkout = changed.get(command.key());
                                answers.add(Optional.ofNullable(checkout));
                                if (checkout != null) {
                                    changedInOrder.add(checkout.payment());
                                }
                            }
                            return outbox.record(connection, changedInOrder, answers);
                        })))
                .onSuccess(answers -> answers.forEach(answer -> answer.ifPresent(this::announce)));
    }

    private void announce(Checkout changed) {
        announce(changed.payment());
    }

    /** Wakes the senders for a committed transition, unless its row went to this JVM's sender with the commit. */
    private void announce(Payment changed) {
        if (!outbox.handsOver()) {
            wakeUps.paymentUpdated(changed);
        }
    }

    @Override
    public Future<Checkout> checkout(String token) {
        return database.statements()
                .preparedQuery(PaymentSql.CHECKOUT_BY_TOKEN)
                .execute(Tuple.of(token))
                .map(PgPaymentStore::checkout);
    }

    @Override
    public Future<Checkout> decline(String token, Integer declinesSeen) {
        return database.statements()
                .preparedQuery(PaymentSql.DECLINE)
                .execute(Tuple.of(token, declinesSeen))
                .compose(declined -> checkout(token));
    }

    @Override
    public Future<Checkout> checkoutOf(UUID paymentId) {
        return database.statements()
                .preparedQuery(PaymentSql.CHECKOUT_BY_PAYMENT)
                .execute(Tuple.of(paymentId))
                .map(PgPaymentStore::checkout);
    }

    @Override
    public Future<java.util.Optional<Checkout>> checkoutByProviderTransaction(String transactionId) {
        return database.statements()
                .preparedQuery(PaymentSql.CHECKOUT_BY_PROVIDER_TRANSACTION)
                .execute(Tuple.of(transactionId))
                .map(rows -> rows.size() == 0
                        ? java.util.Optional.<Checkout>empty()
                        : java.util.Optional.of(checkout(rows.iterator().next())));
    }

    @Override
    public Future<Boolean> anyAwaitingProvider(Duration recent) {
        return database.statements()
                .preparedQuery(PaymentSql.AWAITING_PROVIDER)
                .execute(Tuple.of(io.walletpay.json.NewIdentifiers.firstAt(
                        java.time.Instant.now().minus(recent))))
                .map(rows -> rows.iterator().next().getBoolean(0));
    }

    private static Checkout checkout(RowSet<Row> rows) {
        if (rows.size() == 0) {
            throw ServiceException.notFound("Checkout");
        }
        return checkout(rows.iterator().next());
    }

    private static Checkout checkout(Row row) {
        return new Checkout(
                toPayment(row),
                row.getString("merchant_name"),
                row.getString("merchant_return_url"),
                row.getBoolean("past_expiry"),
                row.getString("merchant_locale"),
                MerchantStatus.ACTIVE.wireName().equals(row.getString("merchant_status")));
    }

    /**
     * Marks a payment for a person (the provider reported another amount or order for it); its status stays as it
     * is. True when this call flagged it, false when it was flagged already (or is unknown).
     */
    @Override
    public Future<Boolean> flagForReview(UUID paymentId, String reason, String providerTransactionId) {
        return database.statements()
                .preparedQuery(PaymentSql.FLAG_FOR_REVIEW)
                .execute(Tuple.of(paymentId, reason, providerTransactionId))
                .map(rows -> rows.rowCount() == 1);
    }

    @Override
    public Future<Boolean> keepOpenFor(UUID paymentId, Duration atLeast) {
        return database.statements()
                .preparedQuery(PaymentSql.KEEP_OPEN)
                .execute(Tuple.of(paymentId, atLeast.toMillis()))
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

    @Override
    public Future<List<Payment>> expireDue() {
        return outbox.committed(database.transactions().withTransaction(connection -> connection
                        .preparedQuery(PaymentSql.EXPIRE_DUE)
                        .execute(Tuple.of(EXPIRY_BATCH))
                        .compose(rows -> {
                            List<Payment> expired = new ArrayList<>();
                            rows.forEach(row -> expired.add(toPayment(row)));
                            return outbox.record(connection, expired, expired);
                        })))
                .onSuccess(expired -> expired.forEach(this::announce));
    }

    @Override
    public Future<List<Payment>> dueForExpiry(int limit, Payment after) {
        return database.statements()
                .preparedQuery(PaymentSql.DUE_FOR_EXPIRY)
                .execute(Tuple.of(limit, after == null ? null : after.expiresAt(), after == null ? null : after.id()))
                .map(rows -> {
                    List<Payment> due = new ArrayList<>();
                    rows.forEach(row -> due.add(toPayment(row)));
                    return due;
                });
    }

    @Override
    public Future<Integer> purgeExpiredKeys() {
        return database.statements()
                .preparedQuery(PaymentSql.PURGE_EXPIRED_KEYS)
                .execute(Tuple.of(EXPIRY_BATCH))
                .map(RowSet::rowCount);
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

    static Payment toPayment(Row row) {
        return new Payment(
                row.getUUID("id"),
                row.getString("short_code"),
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
                row.getString("review_reason"),
                row.getUUID("payment_link_id"),
                row.getInteger("declines"),
                row.getBigDecimal("amount_refunded"));
    }
}
