package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.sqlclient.Tuple;
import io.walletpay.bus.Addresses;
import io.walletpay.bus.BusCalls;
import io.walletpay.bus.CheckoutMessages.CheckoutByPayment;
import io.walletpay.bus.CheckoutMessages.CheckoutByToken;
import io.walletpay.bus.DeliveryMessages.DeliveriesDue;
import io.walletpay.bus.DeliveryMessages.GetDelivery;
import io.walletpay.bus.DeliveryMessages.ListDeliveries;
import io.walletpay.bus.DeliveryMessages.Redeliver;
import io.walletpay.bus.MerchantMessages.CreateMerchant;
import io.walletpay.bus.MerchantMessages.GetCredentials;
import io.walletpay.bus.MerchantMessages.GetMerchant;
import io.walletpay.bus.MerchantMessages.ListMerchants;
import io.walletpay.bus.MerchantMessages.MerchantChanged;
import io.walletpay.bus.MerchantMessages.RotateWebhookSecret;
import io.walletpay.bus.MerchantMessages.UpdateMerchant;
import io.walletpay.bus.Messages.PaymentUpdated;
import io.walletpay.bus.Messages.Readiness;
import io.walletpay.bus.Messages.ReadinessQuery;
import io.walletpay.bus.PaymentMessages.ClaimIdempotencyKey;
import io.walletpay.bus.PaymentMessages.CreatePayment;
import io.walletpay.bus.PaymentMessages.GetPayment;
import io.walletpay.bus.PaymentMessages.ListPayments;
import io.walletpay.bus.PaymentMessages.ReleaseIdempotencyKey;
import io.walletpay.bus.PaymentMessages.TransitionPayment;
import io.walletpay.checkout.WalletProvider;
import io.walletpay.config.AppConfig;
import io.walletpay.db.DatabaseTarget;
import io.walletpay.merchant.Merchant;
import io.walletpay.payment.Payment;

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
    private ExpirySweep expirySweep;

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
        var bus = vertx.eventBus();
        bus.<ReadinessQuery>consumer(Addresses.STORE_READINESS, message -> BusCalls.reply(message, readiness()));

        MerchantStore merchants = new MerchantStore(database.statements());
        bus.<CreateMerchant>consumer(Addresses.MERCHANT_CREATE, m -> BusCalls.reply(m, merchants.create(m.body())));
        bus.<GetMerchant>consumer(
                Addresses.MERCHANT_GET,
                m -> BusCalls.reply(m, merchants.get(m.body().id())));
        bus.<ListMerchants>consumer(Addresses.MERCHANT_LIST, m -> BusCalls.reply(m, merchants.page(m.body())));
        bus.<GetCredentials>consumer(
                Addresses.MERCHANT_CREDENTIALS,
                m -> BusCalls.reply(m, merchants.credentials(m.body().id())));
        bus.<UpdateMerchant>consumer(
                Addresses.MERCHANT_UPDATE, m -> BusCalls.reply(m, announce(merchants.update(m.body()))));
        bus.<RotateWebhookSecret>consumer(
                Addresses.MERCHANT_ROTATE_WEBHOOK_SECRET,
                m -> BusCalls.reply(
                        m,
                        announce(merchants.rotateWebhookSecret(
                                m.body().id(),
                                m.body().webhookSecret(),
                                m.body().previousActiveUntil()))));

        PaymentStore payments = new PaymentStore(database, config.payments());
        bus.<ClaimIdempotencyKey>consumer(
                Addresses.PAYMENT_CLAIM_IDEMPOTENCY_KEY, m -> BusCalls.reply(m, payments.claim(m.body())));
        bus.<ReleaseIdempotencyKey>consumer(
                Addresses.PAYMENT_RELEASE_IDEMPOTENCY_KEY,
                m -> BusCalls.reply(
                        m,
                        payments.release(
                                m.body().merchantId(), m.body().key(), m.body().claimId())));
        bus.<CreatePayment>consumer(Addresses.PAYMENT_CREATE, m -> BusCalls.reply(m, payments.create(m.body())));
        bus.<GetPayment>consumer(
                Addresses.PAYMENT_GET,
                m -> BusCalls.reply(
                        m, payments.get(m.body().merchantId(), m.body().id())));
        bus.<ListPayments>consumer(Addresses.PAYMENT_LIST, m -> BusCalls.reply(m, payments.page(m.body())));
        bus.<TransitionPayment>consumer(
                Addresses.PAYMENT_TRANSITION,
                m -> BusCalls.reply(m, payments.transition(m.body()).onSuccess(this::announce)));

        CheckoutStore checkouts = new CheckoutStore(database);
        bus.<CheckoutByToken>consumer(
                Addresses.CHECKOUT_BY_TOKEN,
                m -> BusCalls.reply(m, checkouts.byToken(m.body().token())));
        bus.<CheckoutByPayment>consumer(
                Addresses.CHECKOUT_BY_PAYMENT,
                m -> BusCalls.reply(m, checkouts.byPayment(m.body().paymentId())));

        DeliveryStore deliveries = new DeliveryStore(database);
        bus.<ListDeliveries>consumer(Addresses.DELIVERY_LIST, m -> BusCalls.reply(m, deliveries.page(m.body())));
        bus.<GetDelivery>consumer(
                Addresses.DELIVERY_GET,
                m -> BusCalls.reply(
                        m, deliveries.detail(m.body().merchantId(), m.body().id())));
        bus.<Redeliver>consumer(
                Addresses.DELIVERY_REDELIVER,
                m -> BusCalls.reply(
                        m,
                        deliveries
                                .redeliver(m.body().merchantId(), m.body().id())
                                .onSuccess(queued -> bus.publish(Addresses.DELIVERIES_DUE, new DeliveriesDue()))));

        bus.<io.walletpay.bus.DeliveryMessages.RecoverFailed>consumer(
                Addresses.DELIVERY_RECOVER,
                m -> BusCalls.reply(
                        m,
                        deliveries
                                .recover(m.body().merchantId(), m.body().since())
                                .onSuccess(queued -> bus.publish(Addresses.DELIVERIES_DUE, new DeliveriesDue()))));

        EventStore events = new EventStore(database);
        bus.<io.walletpay.bus.DeliveryMessages.ListEvents>consumer(
                Addresses.EVENT_LIST, m -> BusCalls.reply(m, events.page(m.body())));
        bus.<io.walletpay.bus.DeliveryMessages.GetEvent>consumer(
                Addresses.EVENT_GET,
                m -> BusCalls.reply(
                        m, events.byId(m.body().merchantId(), m.body().id())));

        expirySweep = new ExpirySweep(vertx, payments, this::announce, provider);
        expirySweep.start(config.payments().expirySweepInterval());
        return Future.succeededFuture();
    }

    /** The wake-up for webhook senders, published once the transition and its outbox row are committed. */
    private void announce(Payment payment) {
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
        return database.statements()
                .preparedQuery(HealthSql.SCHEMA_APPLIED)
                .execute(Tuple.of(schemaVersion))
                .map(rows -> rows.iterator().next().getBoolean(0)
                        ? new Readiness(true, "database reachable, schema " + schemaVersion)
                        : new Readiness(false, "schema version " + schemaVersion + " is not applied"))
                .otherwise(failure -> new Readiness(false, "database unreachable"));
    }
}
