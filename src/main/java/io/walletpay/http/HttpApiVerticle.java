package io.walletpay.http;

import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.handler.BodyHandler;
import io.walletpay.config.AppConfig;
import io.walletpay.config.PortInUse;
import io.walletpay.delivery.WebhookTester;
import io.walletpay.login.LoginThrottle;
import io.walletpay.login.MerchantLogin;
import io.walletpay.net.ClientAddress;
import io.walletpay.portal.PortalRoutes;
import io.walletpay.store.Stores;
import io.walletpay.wiring.UseCases;
import java.util.concurrent.TimeUnit;

/** HTTP intake: builds the router from the resource handlers and listens; one instance per event loop. */
public final class HttpApiVerticle extends VerticleBase {

    private static final int COMPRESS_FROM_BYTES = 1024;

    private final AppConfig config;
    private final Stores stores;
    private final UseCases useCases;
    private final CreateRateLimiter rateLimiter;
    private final LoginThrottle logins;
    private final MeterRegistry registry;
    private final ConnectionLimit connections;
    private HttpServer server;
    private WebhookTester webhookTester;

    public HttpApiVerticle(
            AppConfig config,
            Stores stores,
            UseCases useCases,
            CreateRateLimiter rateLimiter,
            LoginThrottle logins,
            MeterRegistry registry,
            ConnectionLimit connections) {
        this.config = config;
        this.stores = stores;
        this.useCases = useCases;
        this.rateLimiter = rateLimiter;
        this.logins = logins;
        this.registry = registry;
        this.connections = connections;
    }

    @Override
    public Future<?> start() {
        webhookTester = new WebhookTester(vertx, config, stores.deliveries());
        return ApiDocumentRoute.load(vertx, config.publicBaseUrl())
                .compose(document ->
                        MerchantTokens.create(vertx, config.jwt()).compose(tokens -> listen(router(tokens, document))));
    }

    /** One year, the value browsers' preload lists ask for; subdomains are the merchant's business, not ours. */
    private static final String HSTS = "max-age=31536000";

    private Router router(MerchantTokens tokens, ApiDocumentRoute document) {
        Router router = Router.router(vertx);
        HeadAsGet.install(router);
        ClientAddress clients = new ClientAddress(config.http().trustedProxies());
        if (clients.trustsAnyProxy()) {
            router.route().handler(clients);
        }
        router.route().handler(RequestLog::handle);
        router.route().handler(Queries::decodable);
        if (config.production()) {
            // browsers that once reached the service over https never fall back to plain http for it. Sent on
            // every answer: TLS ends at the load balancer, where vertx-web's HSTSHandler (TLS or Front-End-Https
            // only) would stay silent, and a browser ignores the header on a plain-http answer anyway
            router.route().handler(ctx -> {
                ctx.response().putHeader("Strict-Transport-Security", HSTS);
                ctx.next();
            });
        }
        router.route("/api/*").handler(new RateLimitHeaders(rateLimiter, logins)::handle);
        router.route("/api/*").handler(EmptyPathSegments::refuse);
        router.route("/api/*")
                .handler(BodyHandler.create(false).setBodyLimit(config.http().maxBodyBytes()));
        new HealthRoutes(stores.health()).mount(router);
        mountMetrics(router);
        document.mount(router);
        new ApiReferenceRoutes().mount(router);
        new SiteFiles().mount(router);

        new AdminMerchantRoutes(stores, config.fees(), useCases)
                .mount(router, AdminGuard.admin(config.adminToken(), logins));
        new AdminInvitationRoutes(
                        stores.merchants(), useCases.team(), config.checkout().defaultLocale())
                .mount(router);
        new AdminTransferRoutes(useCases.reviewTransfers()).mount(router);
        new AdminReconciliationRoutes(stores.books(), useCases.reconcileBooks()).mount(router);

        MerchantLogin login = new MerchantLogin(stores.merchants(), logins);
        long merchantCacheMillis = config.cluster().merchantCacheSeconds() * 1000L;
        RestrictedKeyRoutes restrictedKeys = new RestrictedKeyRoutes(
                useCases.apiKeys(),
                new io.walletpay.login.RestrictedKeyLogin(stores.merchants(), stores.keys(), logins),
                tokens,
                merchantCacheMillis);
        MerchantAccountRoutes account = new MerchantAccountRoutes(
                stores, tokens, config.webhooks().failingAfterHours(), login, restrictedKeys, useCases);
        account.mountToken(router);
        MerchantGuard guard = new MerchantGuard(
                tokens,
                new MerchantDirectory(
                        vertx, stores.merchants(), config.cluster().merchantCacheSeconds() * 1000L));
        guard.protect(router.route("/api/merchant/*"));
        router.route("/api/merchant/*").handler(restrictedKeys::checkScope);
        restrictedKeys.mount(router);
        account.mountGuarded(router);
        new PaymentRoutes(stores, useCases.createPayment(), rateLimiter, useCases.cancelPayment()).mount(router);
        new PaymentLinkRoutes(useCases.paymentLinks()).mount(router);
        new DeliveryRoutes(stores).mount(router);
        new WebhookEndpointRoutes(useCases.webhookEndpoints()).mount(router);
        io.walletpay.page.Language pages = config.checkout().defaultLocale();
        router.route("/checkout/*").handler(ctx -> HtmlResponses.defaultLanguage(ctx, pages));
        router.route("/provider/*").handler(ctx -> HtmlResponses.defaultLanguage(ctx, pages));
        new EventRoutes(stores.deliveries(), webhookTester).mount(router);
        new CheckoutRoutes(vertx, useCases, config).mount(router);
        new PaymentLinkPageRoutes(
                        useCases.payThroughLink(),
                        useCases.paymentLinks(),
                        LinkPayRateLimiter.shared(vertx, config.payments().linkPaymentsPerMinute()),
                        config)
                .mount(router);
        new SettlementRoutes(stores).mount(router);
        new MoneyOutRoutes(stores.transfers(), useCases.moneyOut()).mount(router);
        new TestHelperRoutes(useCases.testPayments()).mount(router);
        new PortalRoutes(
                        vertx,
                        new PortalRoutes.Services(
                                stores,
                                new io.walletpay.login.PersonLogin(stores.people(), logins, vertx),
                                useCases.team(),
                                useCases.apiKeys(),
                                useCases.cancelPayment(),
                                useCases.paymentLinks(),
                                useCases.updateMerchantSettings(),
                                useCases.rotateWebhookSecret(),
                                useCases.rotateSecretKey(),
                                useCases.moneyOut(),
                                useCases.setPayoutPhone(),
                                useCases.auditLog(),
                                webhookTester,
                                config.webhooks().failingAfterHours()),
                        portalKeySeed(),
                        config.publicBaseUrl(),
                        pages,
                        config.production())
                .mount(router);

        ErrorResponder.install(router, config.http().maxBodyBytes());
        return router;
    }

    /**
     * What the portal's session cookies are encrypted with: the configured JWT secret, else the admin token, so
     * every node of one deployment reads every node's cookies; without either (development), one per process.
     */
    private String portalKeySeed() {
        if (config.jwt().secret() != null) {
            return config.jwt().secret();
        }
        if (config.adminToken() != null) {
            return config.adminToken();
        }
        return PORTAL_DEV_SEED;
    }

    private static final String PORTAL_DEV_SEED = java.util.UUID.randomUUID().toString();

    /**
     * {@code /metrics} on the API port unless a management port serves it; in production only with the metrics token
     * ({@code management.metrics_token}, else the admin token), as series names and counts tell an outsider what the
     * service does and how busy it is.
     */
    private void mountMetrics(Router router) {
        if (config.management().separate()) {
            return;
        }
        var route = router.get("/metrics");
        if (config.production()) {
            String metricsToken = config.management().metricsToken();
            AdminGuard guard = metricsToken == null
                    ? AdminGuard.admin(config.adminToken(), logins)
                    : new AdminGuard(metricsToken, AdminGuard.METRICS, logins);
            route.handler(guard::handle);
        }
        route.handler(MetricsRoute.handler(registry));
    }

    private Future<HttpServer> listen(Router router) {
        AppConfig.Http http = config.http();
        HttpServerOptions options = new HttpServerOptions()
                .setHost(http.host())
                .setPort(http.port())
                .setIdleTimeout(http.idleTimeoutSeconds())
                .setMaxHeaderSize(http.maxHeaderBytes())
                // HTTP/1.1 only: with cleartext HTTP/2 upgrades on, Vert.x reports a connection only once its first
                // request head is complete, so a client trickling that head would escape http.max_connections
                .setHttp2ClearTextEnabled(false)
                // gzip or deflate when the client asks, for bodies worth it: pages and documents on a phone's
                // network, not the small JSON of a create (the portal opts out, see PortalPages)
                .setCompressionSupported(true)
                .setCompressionContentSizeThreshold(COMPRESS_FROM_BYTES);
        server = vertx.createHttpServer(options)
                .connectionHandler(connection -> {
                    RequestFraming.install(connection, options);
                    connections.accept(connection);
                })
                .invalidRequestHandler(RequestFraming::invalidRequest)
                .requestHandler(router);
        return server.listen()
                .recover(failure ->
                        Future.failedFuture(PortInUse.ifBindFailure(failure, "http.port", http.host(), http.port())));
    }

    /** Stops accepting, lets in-flight requests finish within the grace period, then closes. */
    @Override
    public Future<?> stop() {
        return server.shutdown(config.http().shutdownGraceSeconds(), TimeUnit.SECONDS)
                .eventually(() -> webhookTester.close());
    }
}
