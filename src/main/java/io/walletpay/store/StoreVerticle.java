package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.internal.PromiseInternal;
import io.vertx.sqlclient.Tuple;
import io.walletpay.bus.Addresses;
import io.walletpay.bus.BusCalls;
import io.walletpay.bus.BusOperation;
import io.walletpay.bus.DeliveryMessages.DeliveriesDue;
import io.walletpay.bus.DeliveryMessages.LeasedDeliveries;
import io.walletpay.bus.MerchantMessages.MerchantChanged;
import io.walletpay.bus.Messages.PaymentUpdated;
import io.walletpay.bus.Messages.Readiness;
import io.walletpay.checkout.WalletProvider;
import io.walletpay.config.AppConfig;
import io.walletpay.db.DatabaseTarget;
import io.walletpay.merchant.Merchant;
import io.walletpay.payment.Payment;
import io.walletpay.webhook.DueDelivery;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Persistence behind the event bus: answers the HTTP verticles' requests about merchants, payments, checkout
 * sessions and the delivery log (the SQL lives beside it, one *Sql class per store), and sweeps expired
 * payments. The webhook sender claims and records its deliveries with its own clients (DeliveryStore).
 */
public final class StoreVerticle extends VerticleBase {

    private final DatabaseTarget target;
    private final AppConfig config;
    private final String schemaVersion;
    private Database database;
    private OutageLog outage;
    private ExpirySweep expirySweep;
    private Outbox outbox;

    private final WalletProvider provider;

    public StoreVerticle(DatabaseTarget target, AppConfig config, String schemaVersion, WalletProvider provider) {
        this.provider = provider;
        this.target = target;
        this.config = config;
        this.schemaVersion = schemaVersion;
    }

    @Override
    public Future<?> start() {
        database = Database.connect(
                vertx, target, config.db(), "store", config.db().storeInstances());
        outage = OutageLog.of(vertx);
        var bus = vertx.eventBus();
        BusCalls.serve(bus, Addresses.STORE_READINESS, query -> readiness());

        MerchantStore merchants = new MerchantStore(database.statements());
        serve(Addresses.MERCHANT_CREATE, merchants::create);
        serve(Addresses.MERCHANT_GET, query -> merchants.get(query.id()));
        serve(Addresses.MERCHANT_LIST, merchants::page);
        serve(
                Addresses.MERCHANT_ROTATE_SECRET_KEY,
                command -> announce(merchants.rotateSecretKey(command.id(), command.secretHash())));
        serve(Addresses.MERCHANT_CREDENTIALS, query -> merchants.credentials(query.id()));
        serve(Addresses.MERCHANT_UPDATE, command -> announce(merchants.update(command)));
        serve(
                Addresses.MERCHANT_ROTATE_WEBHOOK_SECRET,
                command -> announce(merchants.rotateWebhookSecret(
                        command.id(), command.webhookSecret(), command.previousActiveUntil())));

        AuditStore audit = new AuditStore(database);
        serve(Addresses.AUDIT_MERCHANT_UPDATE, command -> announce(audit.update(command)));
        serve(Addresses.AUDIT_ROTATE_WEBHOOK_SECRET, command -> announce(audit.rotateWebhookSecret(command)));
        serve(Addresses.AUDIT_ROTATE_SECRET_KEY, command -> announce(audit.rotateSecretKey(command)));
        serve(Addresses.AUDIT_LIST, audit::page);
        serve(Addresses.AUDIT_RECORD, audit::record);

        DeliveryStore deliveries = new DeliveryStore(database);
        outbox = outbox(deliveries);
        PaymentStore payments =
                new PaymentStore(database, config.payments(), config.db().groupCommit(), outbox);
        serve(Addresses.PAYMENT_CLAIM_IDEMPOTENCY_KEY, payments::claim);
        serve(
                Addresses.PAYMENT_RELEASE_IDEMPOTENCY_KEY,
                command -> payments.release(command.merchantId(), command.key(), command.claimId()));
        serve(Addresses.PAYMENT_CREATE, payments::create);
        serve(Addresses.PAYMENT_GET, query -> payments.get(query.merchantId(), query.id()));
        serve(Addresses.PAYMENT_LIST, payments::page);
        serve(Addresses.PAYMENT_TRANSITION, command -> payments.transition(command)
                .onSuccess(this::announce));
        serve(
                Addresses.PAYMENT_FLAG_FOR_REVIEW,
                command ->
                        payments.flagForReview(command.paymentId(), command.reason(), command.providerTransactionId()));

        SettlementStore settlements = new SettlementStore(database);
        serve(Addresses.SETTLEMENT_DAY, query -> settlements.day(query.merchantId(), query.date()));

        CheckoutStore checkouts = new CheckoutStore(database, config.db().groupCommit(), outbox);
        serve(Addresses.CHECKOUT_BY_TOKEN, query -> checkouts.byToken(query.token()));
        serve(Addresses.CHECKOUT_BY_PAYMENT, query -> checkouts.byPayment(query.paymentId()));
        serve(Addresses.CHECKOUT_DECIDE, command -> checkouts
                .decide(command)
                .onSuccess(decided -> {
                    if (decided.changed()) {
                        announce(decided.checkout().payment());
                    }
                })
                .map(CheckoutStore.Decision::checkout));

        serve(Addresses.DELIVERY_LIST, deliveries::page);
        serve(Addresses.DELIVERY_GET, query -> deliveries.detail(query.merchantId(), query.id()));
        serve(Addresses.DELIVERY_REDELIVER, command -> deliveries
                .redeliver(command.merchantId(), command.id())
                .onSuccess(queued -> bus.publish(Addresses.DELIVERIES_DUE, new DeliveriesDue())));

        serve(Addresses.DELIVERY_RECOVER, command -> deliveries
                .recover(command.merchantId(), command.since())
                .onSuccess(queued -> bus.publish(Addresses.DELIVERIES_DUE, new DeliveriesDue())));

        serve(
                Addresses.DELIVERY_ENDPOINT_HEALTH,
                query -> deliveries.endpointHealth(query.merchantId(), query.failingAfterHours()));

        PortalStore portal = new PortalStore(database);
        serve(Addresses.PORTAL_SUMMARIZE, portal::summarize);

        EventStore events = new EventStore(database);
        serve(Addresses.EVENT_LIST, events::page);
        serve(Addresses.EVENT_GET, query -> events.byId(query.merchantId(), query.id()));

        expirySweep = new ExpirySweep(vertx, database, payments, this::announce, provider);
        expirySweep.start(config.payments().expirySweepInterval());
        return Future.succeededFuture();
    }

    /**
     * Serves {@code operation} with {@code handler}; raw database failures reach the caller classified. A request
     * still waiting for the database after {@code db.timeout_ms} (pool acquire and statements together, as with a
     * frozen database) fails as unreachable, so it answers 503 rather than hanging.
     */
    private <Q, R> void serve(BusOperation<Q, R> operation, Function<Q, Future<R>> handler) {
        BusCalls.serve(vertx.eventBus(), operation, request -> withinTimeout(handler.apply(request))
                .onSuccess(done -> outage.reachable())
                .recover(failure -> DatabaseFailures.classify(failure, outage)));
    }

    /**
     * {@code work}, failed by a timeout after {@code db.timeout_ms}, whose timer runs on this verticle's event loop.
     * {@code Future.timeout} schedules it on the future's context; a future without one (a group commit's promise)
     * would put it on Netty's global executor, a thread of its own woken to schedule and again to cancel every
     * request (docs/perf/README.md, "Kernel included").
     */
    private <T> Future<T> withinTimeout(Future<T> work) {
        PromiseInternal<T> onThisLoop = ((ContextInternal) context).promise();
        work.onComplete(onThisLoop);
        return onThisLoop.future().timeout(config.db().timeoutMs(), TimeUnit.MILLISECONDS);
    }

    /**
     * The transitions' webhook rows: where this JVM sends webhooks, leased to its sender and handed to it once
     * committed (its first attempt needs no claim); elsewhere unleased, and the senders are woken to claim them.
     */
    private Outbox outbox(DeliveryStore deliveries) {
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
                        deliveries
                                .release(leased.stream().map(DueDelivery::id).toList())
                                .onSuccess(released ->
                                        vertx.eventBus().publish(Addresses.DELIVERIES_DUE, new DeliveriesDue()));
                    }
                }));
    }

    /** The wake-up for webhook senders, published once the transition and its outbox row are committed. */
    private void announce(Payment payment) {
        if (outbox.handsOver()) {
            return; // its row went to this JVM's sender with the commit
        }
        vertx.eventBus()
                .publish(
                        Addresses.PAYMENT_UPDATED,
                        new PaymentUpdated(
                                payment.id(),
                                payment.merchantId(),
                                payment.status().wireName()));
    }

    @Override
    public Future<?> stop() {
        expirySweep.stop();
        return database.close();
    }

    /** Tells every cache that a merchant changed, once the change is committed. */
    private Future<Merchant> announce(Future<Merchant> change) {
        return change.onSuccess(
                merchant -> vertx.eventBus().publish(Addresses.MERCHANT_CHANGED, new MerchantChanged(merchant.id())));
    }

    private Future<Readiness> readiness() {
        return withinTimeout(database.statements()
                        .preparedQuery(HealthSql.SCHEMA_APPLIED)
                        .execute(Tuple.of(schemaVersion))
                        .map(rows -> rows.iterator().next().getBoolean(0)
                                ? new Readiness(true, "database reachable, schema " + schemaVersion)
                                : new Readiness(false, "schema version " + schemaVersion + " is not applied")))
                .onSuccess(rows -> outage.reachable())
                .otherwise(failure -> new Readiness(false, "database unreachable"));
    }
}
