package io.walletpay.support;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.pgclient.PgBuilder;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import io.walletpay.Application;
import io.walletpay.ServiceVertx;
import io.walletpay.config.AppConfig;
import io.walletpay.db.DatabaseTarget;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The whole service deployed on its own Vert.x and its own migrated database, driven from a test thread with
 * blocking calls: {@code http} for the API, {@code sql} to look at the rows.
 */
public final class RunningService implements AutoCloseable {

    public final Vertx vertx;
    public final AppConfig config;
    public final DatabaseTarget database;
    public final Http http;
    private final SqlClient sqlClient;
    private final Application application;

    private RunningService(Vertx vertx, AppConfig config, DatabaseTarget database, Application application) {
        this.vertx = vertx;
        this.application = application;
        this.config = config;
        this.database = database;
        this.http = new Http(config.http().port());
        this.sqlClient = PgBuilder.client()
                .connectingTo(database.connectOptions())
                .using(vertx)
                .build();
    }

    public static RunningService start(Map<String, String> overrides) {
        return start(overrides, TestDatabase.migrated());
    }

    public static RunningService start(Map<String, String> overrides, DatabaseTarget database) {
        return start(overrides, database, new io.vertx.core.dns.AddressResolverOptions());
    }

    /** With its own name resolution, e.g. a DNS server of the test's. */
    public static RunningService start(
            Map<String, String> overrides, DatabaseTarget database, io.vertx.core.dns.AddressResolverOptions dns) {
        try {
            Path dataDir = Files.createTempDirectory("walletpay-test");
            // two event loops on any machine, as on four cores: store calls, their answers and wake-ups cross threads
            // here, while the tests of the jar itself run the default (one loop on two cores)
            Map<String, String> withLoops = new HashMap<>(overrides);
            withLoops.putIfAbsent("WALLETPAY_EVENT_LOOPS", "2");
            AppConfig config = TestConfig.forTest(dataDir, withLoops);
            ServiceVertx service = ServiceVertx.create(config.eventLoops(), dns);
            Vertx vertx = service.vertx();
            Application application = await(
                    Application.deploy(vertx, service.registry(), config, database, TestDatabase.schemaVersion()));
            return new RunningService(vertx, config, database, application);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    public static RunningService start() {
        return start(new HashMap<>());
    }

    /** In live provider mode against a wallet provider (e.g. a started FakeWalletProvider's liveModeEnvironment()). */
    public static RunningService startLive(Map<String, String> providerEnvironment, Map<String, String> more) {
        Map<String, String> overrides = new HashMap<>(providerEnvironment);
        overrides.putAll(more);
        return start(overrides);
    }

    public RowSet<Row> sql(String query, Object... params) {
        return await(sqlClient.preparedQuery(query).execute(Tuple.wrap(params)));
    }

    /** Creates a merchant through the admin API; the answer's data, including the secrets shown once. */
    public JsonObject createMerchant(JsonObject body) {
        Http.Response response = http.post("/api/admin/merchants", TestConfig.ADMIN_TOKEN, body);
        if (response.status() != 201) {
            throw new AssertionError("merchant not created: " + response.status() + " " + response.body());
        }
        return response.data();
    }

    public JsonObject createMerchant(String name) {
        return createMerchant(new JsonObject().put("name", name));
    }

    /** A bearer token for a merchant created by {@link #createMerchant}. */
    public String tokenFor(JsonObject merchant) {
        Http.Response response = http.post(
                "/api/merchant/token/",
                null,
                new JsonObject()
                        .put("merchant_id", merchant.getString("merchant_id"))
                        .put("secret_key", merchant.getString("secret_key")));
        if (response.status() != 200) {
            throw new AssertionError("no token: " + response.status() + " " + response.body());
        }
        return response.data().getString("token");
    }

    /** Creates a payment through the API; the create answer's data. */
    public JsonObject createPayment(String token, JsonObject body) {
        Http.Response response = http.post("/api/merchant/payments/wallet/", token, body);
        if (response.status() != 201) {
            throw new AssertionError("payment not created: " + response.status() + " " + response.body());
        }
        return response.data();
    }

    /** Moves a payment out of pending through the store, as the checkout does (scoped by nothing but the id). */
    public void transition(String paymentId, io.walletpay.payment.PaymentStatus target) {
        await(stores().payments()
                .transition(new io.walletpay.payment.TransitionPayment(
                        java.util.UUID.fromString(paymentId), null, target, "TX-" + paymentId.substring(0, 8))));
    }

    /** The running stores, as the service's own verticles call them. */
    public io.walletpay.wiring.UseCases useCases() {
        return application.useCases();
    }

    public io.walletpay.store.Stores stores() {
        return application.stores();
    }

    public static <T> T await(io.vertx.core.Future<T> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Undeploys the service as a shutdown does (HTTP, then the webhook sender, then the store); {@link #sql} still
     * works until {@link #close}.
     */
    public void stopGracefully() {
        await(application.stop());
    }

    @Override
    public void close() {
        await(sqlClient.close());
        await(vertx.close());
    }
}
