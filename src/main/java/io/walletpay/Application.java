package io.walletpay;

import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.walletpay.bus.WakeUpMessages;
import io.walletpay.checkout.WalletProviders;
import io.walletpay.config.AppConfig;
import io.walletpay.db.DatabaseTarget;
import io.walletpay.delivery.ReconciliationVerticle;
import io.walletpay.delivery.TransferVerticle;
import io.walletpay.delivery.WebhookVerticle;
import io.walletpay.http.ConnectionLimit;
import io.walletpay.http.CreateRateLimiter;
import io.walletpay.http.HttpApiVerticle;
import io.walletpay.http.ManagementVerticle;
import io.walletpay.login.LoginThrottle;
import io.walletpay.store.StoreCalls;
import io.walletpay.store.StoreVerticle;
import io.walletpay.store.Stores;
import io.walletpay.wiring.UseCases;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Owns the running service: deploys the verticles over one database and undeploys them in the order that lets
 * in-flight work finish (HTTP intake first, then webhook sending, then the store and its connections).
 */
public final class Application {

    private final Vertx vertx;
    private final List<String> deployments;
    private final AtomicBoolean stopped = new AtomicBoolean();
    private final Runnable releaseProvider;
    private final Stores stores;
    private final UseCases useCases;

    private Application(
            Vertx vertx, List<String> deployments, Runnable releaseProvider, Stores stores, UseCases useCases) {
        this.vertx = vertx;
        this.deployments = deployments;
        this.releaseProvider = releaseProvider;
        this.stores = stores;
        this.useCases = useCases;
    }

    /** The use cases over {@link #stores()}. */
    public UseCases useCases() {
        return useCases;
    }

    /** The running stores, as the service's own verticles call them. */
    public Stores stores() {
        return stores;
    }

    /** Deploys store, webhook sender and HTTP intake against a migrated database at {@code schemaVersion}. */
    public static Future<Application> deploy(
            Vertx vertx, AppConfig config, DatabaseTarget target, String schemaVersion) {
        return deploy(
                vertx, new io.micrometer.core.instrument.simple.SimpleMeterRegistry(), config, target, schemaVersion);
    }

    /** As above, with the registry {@code /metrics} shows and webhook metrics go to. */
    public static Future<Application> deploy(
            Vertx vertx, MeterRegistry registry, AppConfig config, DatabaseTarget target, String schemaVersion) {
        WakeUpMessages.registerCodecs(vertx.eventBus());
        List<String> ids = Collections.synchronizedList(new ArrayList<>());
        WalletProviders providers = WalletProviders.from(vertx, config, registry);
        Runnable releaseProvider = providers::close;
        CreateRateLimiter rateLimiter =
                CreateRateLimiter.forNode(vertx, config.payments().createRatePerSecond());
        LoginThrottle logins = new LoginThrottle(config.logins());
        ConnectionLimit connections = new ConnectionLimit(config.http().maxConnections());
        StoreCalls storeCalls = new StoreCalls();
        Stores stores = storeCalls.stores();
        UseCases useCases = UseCases.build(vertx, config, stores, providers, registry);
        return vertx.deployVerticle(
                        () -> new StoreVerticle(
                                target,
                                config,
                                schemaVersion,
                                storeCalls,
                                own -> useCases.sweep(own, config.payments().expirySweepInterval())),
                        new DeploymentOptions().setInstances(config.db().storeInstances()))
                .onSuccess(ids::add)
                // api nodes never send webhooks, worker nodes never listen for HTTP
                .compose(id -> !config.role().deliversWebhooks()
                        ? Future.succeededFuture(id)
                        : vertx.deployVerticle(
                                        () -> new WebhookVerticle(target, config, registry, useCases::deliverWebhook),
                                        new DeploymentOptions()
                                                .setInstances(config.webhooks().instances()))
                                .onSuccess(ids::add))
                .compose(id -> !config.role().deliversWebhooks()
                        ? Future.succeededFuture(id)
                        : vertx.deployVerticle(new TransferVerticle(
                                        useCases.settleTransfers(), stores.transfers(), providers, registry))
                                .onSuccess(ids::add))
                .compose(id -> !config.role().deliversWebhooks()
                        ? Future.succeededFuture(id)
                        : vertx.deployVerticle(new ReconciliationVerticle(useCases.reconcileBooks(), registry))
                                .onSuccess(ids::add))
                .compose(id -> !config.role().servesHttp()
                        ? Future.succeededFuture(id)
                        : vertx.deployVerticle(
                                        () -> new HttpApiVerticle(
                                                config, stores, useCases, rateLimiter, logins, registry, connections),
                                        new DeploymentOptions()
                                                .setInstances(config.http().instances()))
                                .onSuccess(ids::add))
                .compose(id -> config.management().separate()
                        ? vertx.deployVerticle(new ManagementVerticle(config, stores, registry))
                                .onSuccess(ids::add)
                        : Future.succeededFuture(id))
                .map(id -> new Application(vertx, ids, releaseProvider, stores, useCases))
                .recover(failure -> undeployAll(vertx, ids)
                        .onComplete(done -> releaseProvider.run())
                        .transform(ignored -> Future.failedFuture(failure)));
    }

    /** Undeploys in reverse order of deployment; safe to call more than once. */
    public Future<Void> stop() {
        if (stopped.getAndSet(true)) {
            return Future.succeededFuture();
        }
        return undeployAll(vertx, deployments).onComplete(done -> releaseProvider.run());
    }

    private static Future<Void> undeployAll(Vertx vertx, List<String> ids) {
        Future<Void> chain = Future.succeededFuture();
        List<String> reversed = new ArrayList<>(ids);
        Collections.reverse(reversed);
        for (String id : reversed) {
            chain = chain.transform(ignored -> vertx.undeploy(id));
        }
        return chain;
    }
}
