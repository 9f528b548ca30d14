package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import io.walletpay.error.ServiceException;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.webhook.AttemptResult;
import io.walletpay.webhook.AttemptView;
import io.walletpay.webhook.Delivery;
import io.walletpay.webhook.DeliveryClaim;
import io.walletpay.webhook.DeliveryDetail;
import io.walletpay.webhook.DeliveryPage;
import io.walletpay.webhook.DeliveryStatus;
import io.walletpay.webhook.DueDelivery;
import io.walletpay.webhook.EndpointHealth;
import io.walletpay.webhook.EventPage;
import io.walletpay.webhook.EventView;
import io.walletpay.webhook.ListDeliveries;
import io.walletpay.webhook.ListEvents;
import io.walletpay.webhook.RecoveredDeliveries;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * {@link DeliveryStore} on PostgreSQL: claiming with leases for senders, recording their attempts (group-committed),
 * and the merchant's delivery log and events.
 */
public final class PgDeliveryStore implements DeliveryStore {

    /** Attempt records per flush; each delivery appears at most once in a batch. */
    static final int MAX_RECORD_BATCH = 256;

    /** One attempt's outcome to record, with what the delivery had when it was claimed. */
    private record Attempt(AttemptResult result, DeliveryClaim claim) {}

    private final Database database;
    private final GroupCommit<Attempt, Void> records;
    private final WakeUps wakeUps;

    PgDeliveryStore(Database database) {
        this(database, true, WakeUps.NONE);
    }

    /**
     * @param groupCommit false records every attempt alone ({@code db.group_commit = off})
     * @param wakeUps told when deliveries are queued again
     */
    public PgDeliveryStore(Database database, boolean groupCommit, WakeUps wakeUps) {
        this(database, groupCommit, wakeUps, null, 0);
    }

    private PgDeliveryStore(
            Database database,
            boolean groupCommit,
            WakeUps wakeUps,
            Consumer<Runnable> recordsAfterLinger,
            int enoughToGo) {
        this.database = database;
        this.wakeUps = wakeUps;
        GroupCommit<Attempt, Void> records = new GroupCommit<>(
                this::recordAll,
                this::recordOne,
                attempt -> attempt.result().deliveryId(),
                MAX_RECORD_BATCH,
                groupCommit);
        this.records = recordsAfterLinger == null ? records : records.lingering(recordsAfterLinger, enoughToGo);
    }

    /**
     * The store a webhook sender records its attempts in: an attempt that finds no record in flight waits for
     * {@code recordsAfterLinger} (a timer of a few milliseconds) for others to share its statement and commit, unless
     * {@code enoughToGo} records are waiting. Nobody waits on a record but the sender's own slot, which a waiting
     * record still holds (hence {@code enoughToGo}, a share of the sender's slots); a delivery not yet recorded is
     * still leased, so a crash in that moment sends it again rather than losing it (a graceful stop waits for the
     * record).
     */
    public static PgDeliveryStore forSender(
            Database database, boolean groupCommit, Consumer<Runnable> recordsAfterLinger, int enoughToGo) {
        return new PgDeliveryStore(database, groupCommit, WakeUps.NONE, recordsAfterLinger, enoughToGo);
    }

    /**
     * Claims up to {@code limit} due deliveries, oldest first, at most as many per merchant as its endpoint has free
     * slots: {@code perEndpoint} minus what {@code inFlight} says this sender already has in flight to it.
     */
    @Override
    public Future<List<DueDelivery>> claimDue(
            int limit, int leaseSeconds, java.util.Map<UUID, Integer> inFlight, int perEndpoint) {
        UUID[] merchants = inFlight.keySet().toArray(new UUID[0]);
        Integer[] counts = new Integer[merchants.length];
        for (int i = 0; i < merchants.length; i++) {
            counts[i] = inFlight.get(merchants[i]);
        }
        return database.statements()
                .preparedQuery(DeliverySql.CLAIM_DUE)
                .execute(Tuple.of(limit, leaseSeconds, merchants, counts, perEndpoint))
                .map(rows -> {
                    List<DueDelivery> due = new ArrayList<>(rows.size());
                    rows.forEach(row -> due.add(Outbox.due(row)));
                    return due;
                });
    }

    /**
     * The merchant's active webhook secrets, newest first (two during a rotation's overlap); none when the merchant
     * is gone.
     */
    @Override
    public Future<List<String>> activeSecrets(UUID merchantId) {
        return database.statements()
                .preparedQuery(DeliverySql.ACTIVE_SECRETS)
                .execute(Tuple.of(merchantId))
                .map(rows -> {
                    List<String> secrets = new ArrayList<>(2);
                    rows.forEach(row -> {
                        secrets.add(row.getString("webhook_secret"));
                        if (row.getString("previous_webhook_secret") != null) {
                            secrets.add(row.getString("previous_webhook_secret"));
                        }
                    });
                    return secrets;
                });
    }

    @Override
    public Future<Void> release(List<DueDelivery> claimed) {
        UUID[] ids = new UUID[claimed.size()];
        OffsetDateTime[] leases = new OffsetDateTime[claimed.size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = claimed.get(i).id();
            leases[i] = claimed.get(i).leaseUntil();
        }
        return database.statements()
                .preparedQuery(DeliverySql.RELEASE)
                .execute(Tuple.tuple().addValue(ids).addValue(leases))
                .mapEmpty();
    }

    /**
     * Records {@code result}: the attempt row and the delivery's new state, together, while {@code claim} still
     * holds the delivery. Under load many records share one
     * statement and one commit (see {@link #recordAll}).
     */
    @Override
    public Future<Void> record(AttemptResult result, DeliveryClaim claim) {
        return records.submit(new Attempt(result, claim));
    }

    private Future<Void> recordOne(Attempt attempt) {
        AttemptResult result = attempt.result();
        return database.statements()
                .preparedQuery(DeliverySql.RECORD_ATTEMPT)
                .execute(Tuple.tuple()
                        .addValue(result.deliveryId())
                        .addValue(result.attemptedAt().atOffset(ZoneOffset.UTC))
                        .addValue(result.statusCode())
                        .addValue((int) result.durationMs())
                        .addValue(result.errorKind())
                        .addValue(result.responseExcerpt())
                        .addValue(result.nextStatus().wireName())
                        .addValue(retryMillis(result))
                        .addValue(attempt.claim().attemptsSoFar())
                        .addValue(attempt.claim().redeliveries())
                        .addValue(attempt.claim().leaseUntil()))
                .mapEmpty();
    }

    /** Records queued together (never two of one delivery) in one statement from arrays: one round trip. */
    private Future<List<Void>> recordAll(List<Attempt> attempts) {
        int n = attempts.size();
        UUID[] deliveries = new UUID[n];
        OffsetDateTime[] attemptedAt = new OffsetDateTime[n];
        Integer[] statusCodes = new Integer[n];
        Integer[] durations = new Integer[n];
        String[] errorKinds = new String[n];
        String[] excerpts = new String[n];
        String[] nextStatuses = new String[n];
        Long[] retries = new Long[n];
        Integer[] attemptsSoFar = new Integer[n];
        Integer[] redeliveries = new Integer[n];
        OffsetDateTime[] leases = new OffsetDateTime[n];
        for (int i = 0; i < n; i++) {
            Attempt attempt = attempts.get(i);
            AttemptResult result = attempt.result();
            deliveries[i] = result.deliveryId();
            attemptedAt[i] = result.attemptedAt().atOffset(ZoneOffset.UTC);
            statusCodes[i] = result.statusCode();
            durations[i] = (int) result.durationMs();
            errorKinds[i] = result.errorKind();
            excerpts[i] = result.responseExcerpt();
            nextStatuses[i] = result.nextStatus().wireName();
            retries[i] = retryMillis(result);
            attemptsSoFar[i] = attempt.claim().attemptsSoFar();
            redeliveries[i] = attempt.claim().redeliveries();
            leases[i] = attempt.claim().leaseUntil();
        }
        return database.statements()
                .preparedQuery(DeliverySql.RECORD_ATTEMPTS)
                .execute(Tuple.of(deliveries, attemptedAt, statusCodes, durations, errorKinds, excerpts, nextStatuses)
                        .addValue(retries)
                        .addValue(attemptsSoFar)
                        .addValue(redeliveries)
                        .addValue(leases))
                .map(recorded -> Collections.nCopies(n, (Void) null));
    }

    private static Long retryMillis(AttemptResult result) {
        return result.retryIn() == null ? null : result.retryIn().toMillis();
    }

    @Override
    public Future<DeliveryPage> list(ListDeliveries query) {
        boolean back = query.endingBefore() != null;
        UUID cursor = back ? query.endingBefore() : query.startingAfter();
        return database.statements()
                .preparedQuery(back ? DeliverySql.PAGE_BEFORE : DeliverySql.PAGE)
                .execute(Tuple.of(
                                query.merchantId(),
                                query.status() == null ? null : query.status().wireName(),
                                query.paymentId(),
                                query.limit() + 1,
                                cursor)
                        .addOffsetDateTime(query.createdGte())
                        .addOffsetDateTime(query.createdLt()))
                .compose(rows -> ListCursor.named(
                        database.statements(),
                        rows,
                        DeliverySql.CURSOR_ROW,
                        Tuple.of(cursor, query.merchantId()),
                        "a webhook delivery",
                        ListCursor.parameter(back)))
                .map(rows -> {
                    List<Delivery> deliveries = new ArrayList<>();
                    rows.forEach(row -> deliveries.add(toDelivery(row)));
                    return ListCursor.page(deliveries, query.limit(), back, DeliveryPage::new);
                });
    }

    @Override
    public Future<DeliveryDetail> get(UUID merchantId, UUID id) {
        SqlClient sql = database.statements();
        return sql.preparedQuery(DeliverySql.BY_ID)
                .execute(Tuple.of(id, merchantId))
                .compose(rows -> {
                    if (rows.size() == 0) {
                        return Future.failedFuture(ServiceException.notFound("Delivery"));
                    }
                    Row row = rows.iterator().next();
                    return sql.preparedQuery(DeliverySql.ATTEMPTS)
                            .execute(Tuple.of(id))
                            .map(attempts -> {
                                List<AttemptView> log = new ArrayList<>();
                                attempts.forEach(a -> log.add(new AttemptView(
                                        a.getOffsetDateTime("attempted_at"),
                                        a.getInteger("status_code"),
                                        a.getInteger("duration_ms"),
                                        a.getString("error_kind"),
                                        a.getString("response_excerpt"))));
                                return new DeliveryDetail(toDelivery(row), row.getString("body"), log);
                            });
                });
    }

    @Override
    public Future<Delivery> redeliver(UUID merchantId, UUID id) {
        return database.statements()
                .preparedQuery(DeliverySql.REDELIVER)
                .execute(Tuple.of(id, merchantId))
                .map(rows -> {
                    if (rows.size() == 0) {
                        throw ServiceException.notFound("Delivery");
                    }
                    return toDelivery(rows.iterator().next());
                })
                .onSuccess(queued -> wakeUps.deliveriesDue());
    }

    @Override
    public Future<RecoveredDeliveries> recoverFailed(UUID merchantId, OffsetDateTime since) {
        return database.statements()
                .preparedQuery(DeliverySql.RECOVER)
                .execute(Tuple.of(merchantId, since))
                .map(rows -> new RecoveredDeliveries(rows.rowCount()))
                .onSuccess(queued -> wakeUps.deliveriesDue());
    }

    @Override
    public Future<EventPage> events(ListEvents query) {
        boolean back = query.endingBefore() != null;
        UUID cursor = back ? query.endingBefore() : query.startingAfter();
        return database.statements()
                .preparedQuery(back ? EventSql.PAGE_BEFORE : EventSql.PAGE)
                .execute(Tuple.tuple()
                        .addValue(query.merchantId())
                        .addValue(query.type())
                        .addValue(query.createdFrom())
                        .addValue(query.createdBefore())
                        .addValue(query.limit() + 1)
                        .addValue(cursor))
                .compose(rows -> ListCursor.named(
                        database.statements(),
                        rows,
                        DeliverySql.CURSOR_ROW,
                        Tuple.of(cursor, query.merchantId()),
                        "an event",
                        ListCursor.parameter(back)))
                .map(rows -> {
                    List<EventView> events = new ArrayList<>();
                    rows.forEach(row -> events.add(toEvent(row)));
                    return ListCursor.page(events, query.limit(), back, EventPage::new);
                });
    }

    @Override
    public Future<EventView> event(UUID merchantId, UUID id) {
        return database.statements()
                .preparedQuery(EventSql.BY_ID)
                .execute(Tuple.of(id, merchantId))
                .map(rows -> {
                    if (rows.size() == 0) {
                        throw ServiceException.notFound("Event");
                    }
                    return toEvent(rows.iterator().next());
                });
    }

    private static EventView toEvent(Row row) {
        return new EventView(
                row.getUUID("id"),
                row.getString("event"),
                row.getUUID("payment_id"),
                row.getString("body"),
                row.getOffsetDateTime("created_at"));
    }

    /**
     * Counts for the metrics gauges (see the delivery package's BacklogGauges); an endpoint counts as failing after
     * {@code failingAfterHours} of failures without a success.
     */
    @Override
    public Future<io.walletpay.webhook.Backlog> backlog(int failingAfterHours) {
        return database.statements()
                .preparedQuery(DeliverySql.BACKLOG)
                .execute(Tuple.of(failingAfterHours))
                .map(rows -> {
                    Row first = rows.iterator().next();
                    return new io.walletpay.webhook.Backlog(
                            first.getLong("due"), first.getLong("oldest_ms"), first.getLong("failing_endpoints"));
                });
    }

    @Override
    public Future<io.walletpay.webhook.RowCounts> rowCounts() {
        return database.statements().query(DeliverySql.STATUS_COUNTS).execute().map(counts -> {
            java.util.Map<String, Long> deliveries = new java.util.HashMap<>();
            java.util.Map<String, Long> payments = new java.util.HashMap<>();
            counts.forEach(row -> ("delivery".equals(row.getString("kind")) ? deliveries : payments)
                    .put(row.getString("status"), row.getLong("n")));
            // a status with no rows left has no row in the answer, and its gauge must read 0, not its last count
            for (DeliveryStatus status : DeliveryStatus.values()) {
                deliveries.putIfAbsent(status.wireName(), 0L);
            }
            for (PaymentStatus status : PaymentStatus.values()) {
                payments.putIfAbsent(status.wireName(), 0L);
            }
            return new io.walletpay.webhook.RowCounts(deliveries, payments);
        });
    }

    /** The merchant's endpoint health; failing after {@code failingAfterHours} of failures without a success. */
    @Override
    public Future<EndpointHealth> endpointHealth(UUID merchantId, int failingAfterHours) {
        return database.statements()
                .preparedQuery(DeliverySql.ENDPOINT_HEALTH)
                .execute(Tuple.of(merchantId))
                .map(rows -> {
                    if (rows.size() == 0) {
                        throw ServiceException.notFound("Merchant");
                    }
                    Row row = rows.iterator().next();
                    return EndpointHealth.of(
                            row.getOffsetDateTime("webhook_failing_since"),
                            row.getOffsetDateTime("now"),
                            java.time.Duration.ofHours(failingAfterHours));
                });
    }

    private static Delivery toDelivery(Row row) {
        return new Delivery(
                row.getUUID("id"),
                row.getUUID("payment_id"),
                row.getString("event"),
                DeliveryStatus.fromWire(row.getString("status")).orElseThrow(),
                row.getInteger("attempts"),
                row.getOffsetDateTime("next_attempt_at"),
                row.getInteger("last_status_code"),
                row.getString("last_error"),
                row.getOffsetDateTime("created_at"),
                row.getOffsetDateTime("updated_at"),
                row.getOffsetDateTime("delivered_at"),
                row.getColumnIndex("payment_reference") < 0 ? null : row.getString("payment_reference"),
                row.getColumnIndex("payment_amount") < 0 ? null : row.getBigDecimal("payment_amount"),
                row.getColumnIndex("payment_link_title") < 0 ? null : row.getString("payment_link_title"),
                row.getUUID("endpoint_id"));
    }
}
