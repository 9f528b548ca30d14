package io.walletpay.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.PatroniCluster;
import io.walletpay.support.RunningService;
import io.walletpay.support.TestDatabase;
import io.walletpay.support.WebhookReceiver;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The shipped Patroni cluster (deploy/ha) loses its leader under load, planned and unplanned: every payment the
 * service acknowledged is still there, every completed payment has its webhook, and clients see nothing but 201
 * and 503. The gap is measured and printed, not asserted: the machine's speed is not the service's contract. Then
 * the leader that is left backs the cluster up with pgBackRest, into the repository its WAL went to all along.
 */
@BehaviourTest
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DatabaseFailoverTest {

    private static final int CLIENTS = 8;

    private static PatroniCluster cluster;
    private static WebhookReceiver receiver;
    private static RunningService service;
    private static String token;

    @BeforeAll
    static void startTheClusterAndTheService() throws Exception {
        cluster = PatroniCluster.start();
        TestDatabase.migrate(cluster.target());
        receiver = new WebhookReceiver();
        service = RunningService.start(Map.of("WALLETPAY_DB_ACQUIRE_TIMEOUT_MS", "1000"), cluster.target());
        token = service.tokenFor(service.createMerchant(
                new JsonObject().put("name", "Boutik HA").put("webhook_url", receiver.url("/hooks"))));
    }

    @AfterAll
    static void stopEverything() throws Exception {
        if (service != null) {
            service.close();
        }
        if (receiver != null) {
            receiver.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    @Order(1)
    void aPlannedSwitchoverLosesNothing() throws Exception {
        cluster.awaitSynchronousStandby();
        try (Load load = new Load()) {
            load.awaitAcknowledged(200);
            String leader = cluster.leader();
            load.markEvent();
            cluster.switchover(leader);
            cluster.awaitNewLeader(leader);
            load.awaitAcknowledgedFromNow(200);
            load.report("switchover away from " + leader);
        }
        assertNothingLost();
    }

    @Test
    @Order(2)
    void losingTheLeadersMachineLosesNothing() throws Exception {
        cluster.awaitSynchronousStandby(); // the standby Patroni may promote (see there)
        try (Load load = new Load()) {
            load.awaitAcknowledged(200);
            String leader = cluster.leader();
            load.markEvent();
            cluster.killLeader(leader);
            cluster.awaitNewLeader(leader);
            load.awaitAcknowledgedFromNow(200);
            load.report("kill -9 of " + leader + "'s Patroni and postmaster");
            assertThat(load.refusalsAfterEvent())
                    .as("the lost leader was noticed")
                    .isPositive();
        }
        assertNothingLost();
    }

    /**
     * After both failovers, the leader now (a former replica, on a later timeline) archives its WAL into the same
     * pgBackRest repository with the shipped configuration, and a backup of the cluster is taken there.
     */
    @Test
    @Order(3)
    void theLeaderAfterTheFailoversArchivesAndBacksUpWithPgBackRest() throws Exception {
        String leader = cluster.leader();
        cluster.pgbackrest(leader, "check");
        cluster.pgbackrest(leader, "--type=full", "backup");
        JsonObject stanza =
                new io.vertx.core.json.JsonArray(cluster.pgbackrest(leader, "info", "--output=json")).getJsonObject(0);
        assertThat(stanza.getJsonObject("status").getInteger("code")).isZero();
        JsonObject backup = stanza.getJsonArray("backup").getJsonObject(0);
        assertThat(backup.getBoolean("error")).isFalse();
        assertThat(backup.getJsonObject("archive").getString("start"))
                .as("the backup's first WAL segment is of a timeline after the failovers")
                .doesNotStartWith("00000001");
    }

    /** Acknowledged payments are all stored, paid ones completed, and each completed one had its webhook. */
    private static void assertNothingLost() throws Exception {
        Map<String, String> stored = storedStatuses();
        assertThat(Load.ACKNOWLEDGED).isNotEmpty();
        assertThat(Load.ACKNOWLEDGED.stream()
                        .filter(id -> !stored.containsKey(id))
                        .toList())
                .as("acknowledged payments missing after the failover")
                .isEmpty();
        assertThat(Load.PAID.stream()
                        .filter(id -> !"completed".equals(stored.get(id)))
                        .toList())
                .as("payments the page confirmed that are not completed")
                .isEmpty();
        Set<String> completed = stored.entrySet().stream()
                .filter(row -> row.getValue().equals("completed"))
                .map(Map.Entry::getKey)
                .collect(Collectors.toSet());
        await("a webhook for every completed payment")
                .atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofMillis(250))
                .untilAsserted(() -> assertThat(webhooked()).containsAll(completed));
        assertThat(Load.ANSWERS.keySet()).as("answers to creates").isSubsetOf(201, 503);
        assertThat(Load.PAGE_ANSWERS.keySet()).as("answers of the payment page").isSubsetOf(200, 303, 503);
    }

    private static Set<String> webhooked() {
        return receiver.received("/hooks").stream()
                .map(hook -> new JsonObject(new String(hook.body(), StandardCharsets.UTF_8)).getJsonObject("data"))
                .filter(data -> "completed".equals(data.getString("status")))
                .map(data -> data.getString("transaction_id"))
                .collect(Collectors.toSet());
    }

    private static Map<String, String> storedStatuses() {
        Map<String, String> rows = new HashMap<>();
        await("the cluster answers")
                .atMost(Duration.ofSeconds(60))
                .ignoreExceptions()
                .untilAsserted(() -> {
                    rows.clear();
                    try (Connection db = DriverManager.getConnection(
                                    cluster.target().jdbcUrl(),
                                    cluster.target().user(),
                                    cluster.target().password());
                            ResultSet result =
                                    db.createStatement().executeQuery("SELECT id::text, status FROM payments")) {
                        while (result.next()) {
                            rows.put(result.getString(1), result.getString(2));
                        }
                    }
                });
        return rows;
    }

    /** Eight clients creating a payment and paying it on the sandbox page, over and over, until closed. */
    private static final class Load implements AutoCloseable {

        static final Set<String> ACKNOWLEDGED = ConcurrentHashMap.newKeySet();
        static final Set<String> PAID = ConcurrentHashMap.newKeySet();
        static final Map<Integer, AtomicInteger> ANSWERS = new ConcurrentHashMap<>();
        static final Map<Integer, AtomicInteger> PAGE_ANSWERS = new ConcurrentHashMap<>();

        private final ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        private final List<java.util.concurrent.Future<?>> clientRuns = new java.util.ArrayList<>();
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final ConcurrentLinkedQueue<long[]> creates = new ConcurrentLinkedQueue<>(); // {nanos, status}
        private final AtomicInteger acknowledged = new AtomicInteger();
        private volatile long eventAt = Long.MAX_VALUE;

        Load() {
            for (int i = 0; i < CLIENTS; i++) {
                clientRuns.add(clients.submit(this::createAndPay));
            }
        }

        private void createAndPay() {
            while (running.get()) {
                Http.Response created = answer(() -> service.http.post(
                        "/api/merchant/payments/wallet/", token, new JsonObject().put("amount", 100)));
                creates.add(new long[] {System.nanoTime(), created.status()});
                ANSWERS.computeIfAbsent(created.status(), status -> new AtomicInteger())
                        .incrementAndGet();
                if (created.status() != 201) {
                    continue;
                }
                String id = created.data().getString("id");
                ACKNOWLEDGED.add(id);
                acknowledged.incrementAndGet();
                String redirect = created.data().getString("redirect_url");
                Http.Response page = answer(() -> service.http.send(
                        "POST",
                        "/checkout/" + redirect.substring(redirect.lastIndexOf('/') + 1),
                        null,
                        "phone=37001234&action=pay",
                        Map.of("Content-Type", "application/x-www-form-urlencoded")));
                PAGE_ANSWERS
                        .computeIfAbsent(page.status(), status -> new AtomicInteger())
                        .incrementAndGet();
                if (page.status() == 200 || page.status() == 303) { // the receipt, or off to the Return URL
                    PAID.add(id);
                }
            }
        }

        /** A connection the service refused or dropped counts as status 0: a client would see no answer. */
        private static Http.Response answer(java.util.function.Supplier<Http.Response> call) {
            try {
                return call.get();
            } catch (UncheckedIOException e) {
                return new Http.Response(0, java.net.http.HttpHeaders.of(Map.of(), (a, b) -> true), "");
            }
        }

        void awaitAcknowledged(int count) {
            await("payments created under load")
                    .atMost(Duration.ofSeconds(120))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> acknowledged.get() >= count);
        }

        void markEvent() {
            eventAt = System.nanoTime();
        }

        void awaitAcknowledgedFromNow(int count) {
            long now = System.nanoTime();
            await("payments created on the new leader")
                    .atMost(Duration.ofSeconds(120))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> creates.stream()
                                    .filter(c -> c[0] > now && c[1] == 201)
                                    .count()
                            >= count);
        }

        long refusalsAfterEvent() {
            return creates.stream().filter(c -> c[0] > eventAt && c[1] != 201).count();
        }

        /** Prints what a deployer wants to know: answers, and how long creates stopped succeeding. */
        void report(String event) {
            List<long[]> after = creates.stream()
                    .filter(c -> c[0] > eventAt)
                    .sorted((a, b) -> Long.compare(a[0], b[0]))
                    .toList();
            Long firstRefusal = after.stream()
                    .filter(c -> c[1] != 201)
                    .map(c -> c[0])
                    .findFirst()
                    .orElse(null);
            Long recovered = firstRefusal == null
                    ? null
                    : after.stream()
                            .filter(c -> c[0] > firstRefusal && c[1] == 201)
                            .map(c -> c[0])
                            .findFirst()
                            .orElse(null);
            long longestGap = 0;
            long previous = eventAt;
            for (long[] create : after) {
                if (create[1] == 201) {
                    longestGap = Math.max(longestGap, create[0] - previous);
                    previous = create[0];
                }
            }
            System.out.printf(
                    "failover: %s; answers %s; after the event %d refused; first refusal %s s, first create after it %s s;"
                            + " longest time without a successful create %.2f s%n",
                    event, ANSWERS, refusalsAfterEvent(), seconds(firstRefusal), seconds(recovered), longestGap / 1e9);
        }

        private String seconds(Long nanos) {
            return nanos == null ? "none" : String.format("%.2f", (nanos - eventAt) / 1e9);
        }

        @Override
        public void close() throws InterruptedException {
            running.set(false);
            clients.shutdown();
            assertThat(clients.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
            for (java.util.concurrent.Future<?> client : clientRuns) {
                try {
                    client.get(); // a client that failed (an answer off the API document, say) fails the test
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new AssertionError(e.getCause());
                }
            }
        }
    }
}
