package io.walletpay.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.vertx.core.json.JsonObject;
import io.walletpay.db.DatabaseTarget;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.store.OutageLog;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import io.walletpay.support.TcpProxy;
import io.walletpay.support.TestDatabase;
import io.walletpay.support.WebhookReceiver;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** PostgreSQL goes away under the service and comes back: 503s while it is gone, then recovery by itself. */
@BehaviourTest
class DatabaseLossTest {

    @Test
    void requestsAnswer503WhileTheDatabaseIsDownAndTheServiceRecoversByItself() throws Exception {
        DatabaseTarget real = TestDatabase.migrated();
        try (TcpProxy proxy = new TcpProxy(real.host(), real.port());
                WebhookReceiver receiver = new WebhookReceiver();
                RunningService service = RunningService.start(
                        Map.of(
                                "WALLETPAY_DB_ACQUIRE_TIMEOUT_MS", "1000",
                                "WALLETPAY_DB_CONNECT_TIMEOUT_MS", "1000",
                                "WALLETPAY_WEBHOOKS_POLL_INTERVAL_MS", "200"),
                        new DatabaseTarget("127.0.0.1", proxy.port(), real.database(), real.user(), real.password()))) {
            JsonObject merchant = service.createMerchant(
                    new JsonObject().put("name", "Resilient").put("webhook_url", receiver.url("/after-outage")));
            String token = service.tokenFor(merchant);
            String before = service.createPayment(token, new JsonObject().put("amount", 10))
                    .getString("id");

            proxy.cut();
            Http.Response create =
                    service.http.post("/api/merchant/payments/wallet/", token, new JsonObject().put("amount", 11));
            Http.Response read = service.http.get("/api/merchant/payments/" + before, token);
            Http.Response ready = service.http.get("/health/ready", null);
            assertThat(create.status()).isEqualTo(503);
            assertThat(create.errorCode()).isEqualTo("database_unavailable");
            assertThat(create.header("Retry-After")).isNotNull();
            assertThat(read.status()).isEqualTo(503);
            assertThat(ready.status()).isEqualTo(503);
            assertThat(service.http.get("/health/live", null).status()).isEqualTo(200);

            proxy.restore();
            // the pools reconnect on their own: a client retrying like a merchant's code gets its 201
            await("a create answered 201 after the database came back")
                    .atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(100))
                    .until(
                            () -> service.http.post(
                                    "/api/merchant/payments/wallet/", token, new JsonObject().put("amount", 12)),
                            answer -> answer.status() == 201);
            assertThat(service.http.get("/health/ready", null).status()).isEqualTo(200);

            service.transition(before, PaymentStatus.COMPLETED);
            List<WebhookReceiver.Received> hooks = receiver.await("/after-outage", 1);
            assertThat(new String(hooks.get(0).body())).contains(before);
            assertThat(service.sql("SELECT count(*) FROM payments")
                            .iterator()
                            .next()
                            .getLong(0))
                    .isEqualTo(2);
        }
    }

    /**
     * In a failover the old leader may keep answering, as a replica: its writes fail with SQLSTATE 25006. That is
     * the database being unavailable (503 with Retry-After, readiness down, nothing stored), not a defect (500), and
     * once the connections reach a leader again the service writes without a restart.
     */
    @Test
    void aDatabaseThatTurnedReplicaAnswers503AndTheServiceWritesAgainOnceItLeads() throws Exception {
        DatabaseTarget real = TestDatabase.migrated();
        try (RunningService service = RunningService.start(Map.of("WALLETPAY_DB_ACQUIRE_TIMEOUT_MS", "1000"), real)) {
            String token = service.tokenFor(service.createMerchant("Failover"));
            service.createPayment(token, new JsonObject().put("amount", 10));

            readOnly(real, true);
            await("the service's connections reconnected to a read-only database")
                    .atMost(Duration.ofSeconds(30))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> service.http.get("/health/ready", null).body().contains("read-only"));
            for (int i = 0; i < 5; i++) {
                Http.Response create =
                        service.http.post("/api/merchant/payments/wallet/", token, new JsonObject().put("amount", 11));
                assertThat(create.status()).isEqualTo(503);
                assertThat(create.errorCode()).isEqualTo("database_unavailable");
                assertThat(create.header("Retry-After")).isNotNull();
            }

            readOnly(real, false);
            await("a create answered 201 once the database takes writes again")
                    .atMost(Duration.ofSeconds(30))
                    .pollInterval(Duration.ofMillis(100))
                    .until(
                            () -> service.http.post(
                                    "/api/merchant/payments/wallet/", token, new JsonObject().put("amount", 12)),
                            answer -> answer.status() == 201);
            assertThat(service.http.get("/health/ready", null).status()).isEqualTo(200);
            assertThat(service.sql("SELECT count(*) FROM payments WHERE amount = 11")
                            .iterator()
                            .next()
                            .getLong(0))
                    .as("the refused create stored nothing")
                    .isZero();
        }
    }

    /** Makes the database read-only (or writable) for every new connection and closes every other connection. */
    private static void readOnly(DatabaseTarget db, boolean on) throws Exception {
        String url = "jdbc:postgresql://" + db.host() + ":" + db.port() + "/" + db.database();
        try (java.sql.Connection connection = java.sql.DriverManager.getConnection(url, db.user(), db.password());
                java.sql.Statement statement = connection.createStatement()) {
            statement.execute("SET default_transaction_read_only = off");
            statement.execute("ALTER DATABASE \"" + db.database() + "\" SET default_transaction_read_only = "
                    + (on ? "on" : "off"));
            statement.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database()"
                            + " AND pid <> pg_backend_pid()");
        }
    }

    @Test
    void anOutageLogsOneWarnWhenItStartsAndOneInfoWhenItEndsNotOnePerRequest() throws Exception {
        Logger logger = (Logger) LoggerFactory.getLogger(OutageLog.class);
        ListAppender<ILoggingEvent> captured = new ListAppender<>();
        captured.start();
        logger.addAppender(captured);
        DatabaseTarget real = TestDatabase.migrated();
        try (TcpProxy proxy = new TcpProxy(real.host(), real.port());
                RunningService service = RunningService.start(
                        Map.of("WALLETPAY_DB_ACQUIRE_TIMEOUT_MS", "1000", "WALLETPAY_DB_CONNECT_TIMEOUT_MS", "1000"),
                        new DatabaseTarget("127.0.0.1", proxy.port(), real.database(), real.user(), real.password()))) {
            JsonObject merchant = service.createMerchant(new JsonObject().put("name", "Quiet outage"));
            String token = service.tokenFor(merchant);

            proxy.cut();
            for (int i = 0; i < 4; i++) {
                Http.Response failed = service.http.get("/api/merchant/payments", token);
                assertThat(failed.status()).isEqualTo(503);
                assertThat(failed.errorCode()).isEqualTo("database_unavailable");
                // a load balancer's probes during the outage say nothing more, and never that it is back
                assertThat(service.http.get("/health/ready", null).status()).isEqualTo(503);
            }
            proxy.restore();
            await("a read answered 200 after the database came back")
                    .atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> service.http.get("/api/merchant/payments", token), answer -> answer.status() == 200);
        } finally {
            logger.detachAppender(captured);
        }
        assertThat(captured.list.stream().filter(e -> e.getLevel() == Level.WARN))
                .hasSize(1);
        assertThat(captured.list.stream().filter(e -> e.getLevel() == Level.INFO))
                .hasSize(1);
    }

    @Test
    void theExpirySweepLogsAnOutageOnceNotAtEveryTick() throws Exception {
        Logger logger = (Logger) LoggerFactory.getLogger("io.walletpay.store.ExpirySweep");
        ListAppender<ILoggingEvent> captured = new ListAppender<>();
        captured.start();
        logger.addAppender(captured);
        DatabaseTarget real = TestDatabase.migrated();
        try (TcpProxy proxy = new TcpProxy(real.host(), real.port());
                RunningService service = RunningService.start(
                        Map.of(
                                "WALLETPAY_DB_ACQUIRE_TIMEOUT_MS", "500",
                                "WALLETPAY_DB_CONNECT_TIMEOUT_MS", "500",
                                "WALLETPAY_PAYMENTS_EXPIRY_SWEEP_SECONDS", "1"),
                        new DatabaseTarget("127.0.0.1", proxy.port(), real.database(), real.user(), real.password()))) {
            proxy.cut();
            await("a sweep failed").atMost(Duration.ofSeconds(30)).until(() -> warnings(captured) > 0);
            // several more ticks fail in silence
            await().pollDelay(Duration.ofSeconds(4))
                    .atMost(Duration.ofSeconds(5))
                    .until(() -> true);
            assertThat(warnings(captured)).isEqualTo(1);

            proxy.restore();
            await("a sweep ran again").atMost(Duration.ofSeconds(60)).until(() -> captured.list.stream()
                    .anyMatch(e -> e.getLevel() == Level.INFO));
        } finally {
            logger.detachAppender(captured);
        }
        assertThat(warnings(captured)).isEqualTo(1);
        assertThat(captured.list.stream().filter(e -> e.getLevel() == Level.INFO))
                .hasSize(1);
    }

    private static long warnings(ListAppender<ILoggingEvent> captured) {
        return captured.list.stream().filter(e -> e.getLevel() == Level.WARN).count();
    }

    @Test
    void aFrozenDatabaseAnswers503WithinTheDatabaseTimeoutAndLogsTheOutageOnce() throws Exception {
        Logger logger = (Logger) LoggerFactory.getLogger(OutageLog.class);
        ListAppender<ILoggingEvent> captured = new ListAppender<>();
        captured.start();
        logger.addAppender(captured);
        DatabaseTarget real = TestDatabase.migrated();
        try (TcpProxy proxy = new TcpProxy(real.host(), real.port());
                RunningService service = RunningService.start(
                        Map.of("WALLETPAY_DB_TIMEOUT_MS", "500"),
                        new DatabaseTarget("127.0.0.1", proxy.port(), real.database(), real.user(), real.password()))) {
            JsonObject merchant = service.createMerchant(new JsonObject().put("name", "Frozen"));
            String token = service.tokenFor(merchant);

            proxy.freeze();
            // a create first: it waits in a group commit, whose future has no context of its own
            Http.Response frozenCreate =
                    service.http.post("/api/merchant/payments/wallet/", token, new JsonObject().put("amount", 11));
            assertThat(frozenCreate.status()).isEqualTo(503);
            assertThat(frozenCreate.errorCode()).isEqualTo("database_unavailable");
            await("the store reported the outage")
                    .until(() -> captured.list.stream().anyMatch(e -> e.getLevel() == Level.WARN));
            Http.Response frozen = service.http.get("/api/merchant/payments", token);
            assertThat(frozen.status()).isEqualTo(503);
            assertThat(frozen.errorCode()).isEqualTo("database_unavailable");
            proxy.thaw();
            await("a read answered 200 after the database thawed")
                    .atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> service.http.get("/api/merchant/payments", token), answer -> answer.status() == 200);
        } finally {
            logger.detachAppender(captured);
        }
        assertThat(captured.list.stream().filter(e -> e.getLevel() == Level.WARN))
                .hasSize(1);
        assertThat(captured.list.stream().filter(e -> e.getLevel() == Level.INFO))
                .hasSize(1);
    }
}
