package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import io.vertx.sqlclient.Tuple;
import io.walletpay.bus.Addresses;
import io.walletpay.bus.WakeUpMessages.DeliveriesDue;
import io.walletpay.bus.WakeUpMessages.LeasedDeliveries;
import io.walletpay.bus.WakeUpMessages.MerchantChanged;
import io.walletpay.bus.WakeUpMessages.PaymentUpdated;
import io.walletpay.config.AppConfig;
import io.walletpay.db.DatabaseTarget;
import io.walletpay.payment.Payment;
import io.walletpay.store.DatabaseHealth.Readiness;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Owns a pool of database connections and the PostgreSQL stores over it, and offers them to the rest of the service
 * through {@link StoreCalls}: every call runs on this verticle's event loop, bounded by {@code db.timeout_ms}, with
 * raw database failures turned into the service's errors. Runs the expiry sweep under its database-wide lock.
 * Committed changes wake their readers over the event bus (webhook senders, merchant caches, on every node).
 */
public final class StoreVerticle extends VerticleBase implements WakeUps {

    private final DatabaseTarget target;
    private final AppConfig config;
    private final String schemaVersion;
    private final StoreCalls calls;
    private final Function<Stores, Supplier<Future<Void>>> expiry;
    private Database database;
    private OutageLog outage;
    private ExpirySweep expirySweep;
    private StoreCalls.Instance instance;

    /**
     * @param calls where this verticle's stores are offered once started
     * @param expiry the expiry sweep over this verticle's own stores (no hop to another verticle)
     */
    public StoreVerticle(
            DatabaseTarget target,
            AppConfig config,
            String schemaVersion,
            StoreCalls calls,
            Function<Stores, Supplier<Future<Void>>> expiry) {
        this.target = target;
        this.config = config;
        this.schemaVersion = schemaVersion;
        this.calls = calls;
        this.expiry = expiry;
    }

    @Override
    public Future<?> start() {
        database = Database.connect(
                vertx, target, config.db(), "store", config.db().storeInstances());
        outage = OutageLog.of(vertx);
        boolean groupCommit = config.db().groupCommit().on();
        PgDeliveryStore deliveries = new PgDeliveryStore(database, true, this);
        PgPayments payments =
                PgPayments.on(database, config.payments(), groupCommit, outbox(deliveries), this, this::afterNanos);
        Stores stores = new Stores(
                new PgMerchantStore(database.statements(), this),
                new PgAuditStore(database, this),
                payments.payments(),
                payments.checkouts(),
                payments.expiry(),
                deliveries,
                new PgReportStore(database),
                this::readiness,
                new PgPaymentLinkStore(database),
                new PgPortalSessionStore(database),
                new PgProviderOrderStore(database),
                new PgTransferStore(database, this),
                new PgBooksStore(database),
                new PgEndpointStore(database),
                new PgApiKeyStore(database),
                new PgRetentionStore(database),
                new PgPersonStore(database));
        instance = new StoreCalls.Instance(context, stores, this::guarded);
        calls.add(instance);
        expirySweep = new ExpirySweep(vertx, database, expiry.apply(stores));
        expirySweep.start(config.payments().expirySweepInterval());
        return Future.succeededFuture();
    }

    /**
     * A timer of this verticle's event loop, finer than a millisecond on Netty's native transport (on Java NIO it
     * rounds up to one). {@code vertx.timer}, not {@code setTimer}: a timer set by the verticle is cancelled when it
     * stops, and the creates waiting on it would then never leave; this one still fires, and they fail cleanly on the
     * closed pool.
     */
    private void afterNanos(long nanos, Runnable action) {
        vertx.timer(nanos, TimeUnit.NANOSECONDS).onComplete(fired -> action.run());
    }

    @Override
    public Future<?> stop() {
        calls.remove(instance);
        expirySweep.stop();
        return database.close();
    }

    /**
     * {@code work} bounded by {@code db.timeout_ms} (pool acquire and statements together, as with a frozen
     * database: it then answers 503 rather than hanging), with raw database failures classified. Runs on this
     * verticle's event loop, so the timer does too.
     */
    private Future<Object> guarded(Future<Object> work) {
        Promise<Object> bounded = Promise.promise();
        long timer = vertx.setTimer(
                config.db().timeoutMs(),
                fired -> bounded.tryFail(new TimeoutException(
                        "no answer from the database in " + config.db().timeoutMs() + " ms")));
        work.onComplete(done -> {
            vertx.cancelTimer(timer);
            if (done.succeeded()) {
                bounded.tryComplete(done.result());
            } else {
                bounded.tryFail(done.cause());
            }
        });
        return bounded.future()
                .onSuccess(done -> {
                    // a readiness probe answers even when the database does not: only a ready one says it is back
                    if (!(done instanceof DatabaseHealth.Readiness readiness) || readiness.ready()) {
                        outage.reachable();
                    }
                })
                .recover(failure -> DatabaseFailures.classify(failure, outage));
    }

    /**
     * The transitions' webhook rows: where this JVM sends webhooks, leased to its sender and handed to it once
     * committed (its first attempt needs no claim); elsewhere unleased, and the senders are woken to claim them.
     */
    private Outbox outbox(PgDeliveryStore deliveries) {
        if (!config.role().deliversWebhooks()) {
            return Outbox.UNLEASED;
        }
        DeliveryOptions localOnly = new DeliveryOptions().setLocalOnly(true);
        return Outbox.leasedTo(config.webhooks().leaseSeconds(), leased -> vertx.eventBus()
                .request(Addresses.DELIVERIES_LEASED, new LeasedDeliveries(leased), localOnly)
                .onFailure(failure -> {
                    // no sender here (starting, stopping): end the lease so that any sender claims them now; after
                    // a timeout the sender may have them, and the lease decides
                    if (failure instanceof ReplyException reply && reply.failureType() == ReplyFailure.NO_HANDLERS) {
                        deliveries.release(leased).onSuccess(released -> deliveriesDue());
                    }
                }));
    }

    @Override
    public void paymentUpdated(Payment payment) {
        vertx.eventBus()
                .publish(
                        Addresses.PAYMENT_UPDATED,
                        new PaymentUpdated(
                                payment.id(),
                                payment.merchantId(),
                                payment.status().wireName()));
    }

    @Override
    public void merchantChanged(UUID merchantId) {
        vertx.eventBus().publish(Addresses.MERCHANT_CHANGED, new MerchantChanged(merchantId));
    }

    @Override
    public void deliveriesDue() {
        vertx.eventBus().publish(Addresses.DELIVERIES_DUE, new DeliveriesDue());
    }

    private Future<Readiness> readiness() {
        return database.statements()
                .preparedQuery(HealthSql.SCHEMA_APPLIED)
                .execute(Tuple.of(schemaVersion))
                .map(rows -> {
                    var row = rows.iterator().next();
                    if (!row.getBoolean(0)) {
                        return notMigrated();
                    }
                    // during a failover the old leader may answer as a replica: reachable, but it takes no payment
                    return row.getBoolean(1)
                            ? new Readiness(true, "database reachable, schema " + schemaVersion)
                            : new Readiness(false, "database is read-only (a replica, or a failover under way)");
                })
                // a database without the migrations' history table answers with an error, not a row
                .otherwise(failure -> {
                    if (DatabaseFailures.unreachable(failure)) {
                        outage.unreachable(failure.toString());
                        return new Readiness(false, "database unreachable");
                    }
                    return notMigrated();
                });
    }

    private Readiness notMigrated() {
        return new Readiness(false, "schema version " + schemaVersion + " is not applied");
    }
}
