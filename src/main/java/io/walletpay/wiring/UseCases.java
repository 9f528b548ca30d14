package io.walletpay.wiring;

import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.walletpay.checkout.LookupsInFlight;
import io.walletpay.checkout.WalletProviders;
import io.walletpay.config.AppConfig;
import io.walletpay.delivery.WebhookTargets;
import io.walletpay.money.SettleWindow;
import io.walletpay.store.PortalSessionStore.Lifetimes;
import io.walletpay.store.Stores;
import io.walletpay.usecase.ApiKeys;
import io.walletpay.usecase.AuditLog;
import io.walletpay.usecase.CancelPayment;
import io.walletpay.usecase.ConfirmWithProvider;
import io.walletpay.usecase.CreatePayment;
import io.walletpay.usecase.DeliverWebhook;
import io.walletpay.usecase.ExpirePayments;
import io.walletpay.usecase.ForgetPastUse;
import io.walletpay.usecase.KeepTotals;
import io.walletpay.usecase.MoneyOut;
import io.walletpay.usecase.PayAtCheckout;
import io.walletpay.usecase.PayThroughLink;
import io.walletpay.usecase.PaymentLinks;
import io.walletpay.usecase.PaymentReviews;
import io.walletpay.usecase.ProviderLookups;
import io.walletpay.usecase.ReconcileBooks;
import io.walletpay.usecase.RetryWithProvider;
import io.walletpay.usecase.ReviewTransfers;
import io.walletpay.usecase.RotateSecretKey;
import io.walletpay.usecase.RotateWebhookSecret;
import io.walletpay.usecase.SetPayoutPhone;
import io.walletpay.usecase.SettleTransfers;
import io.walletpay.usecase.Team;
import io.walletpay.usecase.TestPayments;
import io.walletpay.usecase.UpdateMerchantSettings;
import io.walletpay.usecase.WebhookEndpoints;
import java.time.Clock;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * Every use case of one running service, each built once over the running stores and the wallet providers: routes,
 * pages and verticles receive them from here and build none. The one place that decides which provider, store and
 * setting each use case gets. Use cases over one verticle's own connections (the expiry sweep, webhook sending) are
 * made by that verticle from {@link #expiry}'s kind of factory, over its own stores.
 */
public record UseCases(
        WalletProviders providers,
        CreatePayment createPayment,
        CancelPayment cancelPayment,
        PayAtCheckout payAtCheckout,
        ConfirmWithProvider confirmWithProvider,
        ProviderLookups providerLookups,
        RetryWithProvider retryWithProvider,
        PaymentLinks paymentLinks,
        PayThroughLink payThroughLink,
        MoneyOut moneyOut,
        SetPayoutPhone setPayoutPhone,
        SettleTransfers settleTransfers,
        ReviewTransfers reviewTransfers,
        ReconcileBooks reconcileBooks,
        UpdateMerchantSettings updateMerchantSettings,
        RotateWebhookSecret rotateWebhookSecret,
        RotateSecretKey rotateSecretKey,
        AuditLog auditLog,
        PaymentReviews paymentReviews,
        WebhookEndpoints webhookEndpoints,
        ApiKeys apiKeys,
        TestPayments testPayments,
        Team team) {

    /** The use cases over {@code stores}: the calls of every store verticle, as routes make them. */
    public static UseCases build(
            Vertx vertx, AppConfig config, Stores stores, WalletProviders providers, MeterRegistry registry) {
        CreatePayment createPayment = new CreatePayment(stores.payments(), providers, config.payments());
        PayAtCheckout payAtCheckout = new PayAtCheckout(stores.payments(), stores.checkouts());
        PaymentReviews reviews = new PaymentReviews(stores.checkouts(), registry);
        ConfirmWithProvider confirm =
                new ConfirmWithProvider(stores.checkouts(), stores.providerOrders(), payAtCheckout, reviews);
        PaymentLinks links = new PaymentLinks(stores, createPayment.limits(), config.publicBaseUrl());
        WebhookTargets targets = new WebhookTargets(vertx, config);
        UpdateMerchantSettings settings = new UpdateMerchantSettings(stores, targets::checkForSaving);
        RotateWebhookSecret webhookSecret =
                new RotateWebhookSecret(stores, config.webhooks().secretOverlapHours());
        return new UseCases(
                providers,
                createPayment,
                new CancelPayment(stores.payments(), providers),
                payAtCheckout,
                confirm,
                new ProviderLookups(
                        stores.checkouts(),
                        stores.providerOrders(),
                        providers,
                        confirm,
                        LookupsInFlight.shared(vertx),
                        config.payments().expiry()),
                new RetryWithProvider(
                        stores.checkouts(),
                        stores.providerOrders(),
                        providers,
                        config.payments().expiry()),
                links,
                new PayThroughLink(stores.links(), stores.merchants(), createPayment),
                new MoneyOut(
                        stores.transfers(),
                        providers.forMode(true).name(),
                        providers.forMode(false).name()),
                new SetPayoutPhone(stores.audit()),
                new SettleTransfers(
                        stores.transfers(),
                        providers,
                        new SettleWindow(config.money().settleWindowLength())),
                new ReviewTransfers(stores.transfers()),
                // one per JVM: an operator's run on any HTTP verticle and the schedule share the newest run
                new ReconcileBooks(stores.books(), providers, config.money().openingBalance()),
                settings,
                webhookSecret,
                new RotateSecretKey(stores),
                new AuditLog(stores),
                reviews,
                new WebhookEndpoints(
                        stores.endpoints(),
                        stores.audit(),
                        settings,
                        webhookSecret,
                        targets::checkForSaving,
                        config.webhooks().secretOverlapHours()),
                new ApiKeys(stores.keys(), stores.audit()),
                new TestPayments(stores.payments(), stores.checkouts()),
                new Team(
                        stores.people(),
                        stores.portalSessions(),
                        stores.audit(),
                        io.walletpay.mail.InviteMail.from(vertx, config.mail().settings()),
                        vertx,
                        config.publicBaseUrl()));
    }

    /**
     * What each store verticle runs on its sweep's timer over its own stores (its calls stay on that verticle): the
     * expiry of due payments, then the sums of history kept, then the rows past their use forgotten.
     */
    public Supplier<Future<Void>> sweep(Stores own, Duration sweepInterval) {
        ExpirePayments expiry = expiry(own);
        KeepTotals totals = new KeepTotals(own.reports(), own.transfers(), Clock.systemUTC());
        ForgetPastUse forget = new ForgetPastUse(
                own.retention(), Lifetimes.PORTAL, Clock.systemUTC(), ForgetPastUse.every(sweepInterval));
        return () -> expiry.sweep()
                .compose(swept -> totals.whenDue())
                .compose(kept -> forget.whenDue())
                .mapEmpty();
    }

    /** Webhook sending over one sender verticle's own endpoint, delivery log and metrics. */
    public DeliverWebhook deliverWebhook(
            DeliverWebhook.Endpoint endpoint, DeliverWebhook.DeliveryLog log, DeliverWebhook.Measurements metrics) {
        return new DeliverWebhook(endpoint, log, metrics);
    }

    /** The expiry sweep over one store verticle's own stores (its calls stay on that verticle). */
    public ExpirePayments expiry(Stores own) {
        return new ExpirePayments(own.payments(), own.expiry(), providers, paymentReviews);
    }
}
