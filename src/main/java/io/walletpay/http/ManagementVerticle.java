package io.walletpay.http;

import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.ext.web.Router;
import io.walletpay.config.AppConfig;
import io.walletpay.config.PortInUse;
import io.walletpay.store.Stores;

/**
 * The management listener ({@code management.host}:{@code management.port}): {@code /metrics} and the health routes,
 * for a scraper and probes on a network the public never reaches. Deployed only when {@code management.port} is
 * set; the API port then has no {@code /metrics} at all.
 */
public final class ManagementVerticle extends VerticleBase {

    private final AppConfig config;
    private final Stores stores;
    private final MeterRegistry registry;
    private HttpServer server;

    public ManagementVerticle(AppConfig config, Stores stores, MeterRegistry registry) {
        this.config = config;
        this.stores = stores;
        this.registry = registry;
    }

    @Override
    public Future<?> start() {
        Router router = Router.router(vertx);
        HeadAsGet.install(router);
        new HealthRoutes(stores.health()).mount(router);
        router.get("/metrics").handler(MetricsRoute.handler(registry));
        ErrorResponder.install(router);
        AppConfig.Management management = config.management();
        server = vertx.createHttpServer(new HttpServerOptions()
                        .setHost(management.host())
                        .setPort(management.port())
                        .setIdleTimeout(config.http().idleTimeoutSeconds()))
                .requestHandler(router);
        return server.listen()
                .recover(failure -> Future.failedFuture(
                        PortInUse.ifBindFailure(failure, "management.port", management.host(), management.port())));
    }

    @Override
    public Future<?> stop() {
        return server.close();
    }
}
