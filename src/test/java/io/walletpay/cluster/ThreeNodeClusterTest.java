package io.walletpay.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.TestConfig;
import io.walletpay.support.WebhookReceiver;
import io.walletpay.support.WebhookReceiver.Answer;
import io.walletpay.support.WebhookReceiver.Received;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three service processes as a deployer runs them (roles all, api and worker, clustered on loopback) on one
 * PostgreSQL: payments created and paid through both API nodes, the worker killed with -9 in the middle, and
 * then no payment lost, every completed payment's webhook delivered (under one delivery id, none for anything
 * else), the per-merchant create rate limit one bucket for the whole cluster, and a settings change, a key
 * rotation and a disable made on one node seen by both API nodes at once, not after their caches expire.
 */
@BehaviourTest
class ThreeNodeClusterTest {

    static final String FORM = "application/x-www-form-urlencoded";
    static final int RATE_PER_SECOND = 10;
    static final int FLOW_WORKERS = 4;
    static final int COMPLETIONS_BEFORE_KILL = 12;
    static final int COMPLETIONS_AFTER_KILL = 12;
    static final String ADMIN_TOKEN = "adm_cluster-test-admin-token-0123456789abcdef";

    @TempDir
    Path dir;

    EmbeddedPostgres postgres;
    final List<ClusterNode> nodes = new ArrayList<>();

    @AfterEach
    void stopEverything() throws Exception {
        for (ClusterNode node : nodes) {
            node.stop();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    @Test
    void threeNodesActAsOneServiceAndLoseNothingWhenTheWorkerIsKilled() throws Exception {
        postgres = EmbeddedPostgres.builder()
                .setServerConfig("max_connections", "200")
                .start();
        try (Connection db = postgres.getPostgresDatabase().getConnection();
                Statement sql = db.createStatement()) {
            sql.execute("CREATE DATABASE walletpay_cluster");
        }
        List<Integer> clusterPorts = List.of(TestConfig.freePort(), TestConfig.freePort(), TestConfig.freePort());
        Map<String, String> env = Map.ofEntries(
                Map.entry(
                        "WALLETPAY_DB_URL",
                        "postgresql://postgres@127.0.0.1:" + postgres.getPort() + "/walletpay_cluster"),
                Map.entry("WALLETPAY_ADMIN_TOKEN", ADMIN_TOKEN),
                Map.entry("WALLETPAY_JWT_SECRET", "cluster-test-jwt-secret-shared-by-every-node-0123456789"),
                Map.entry("WALLETPAY_CLUSTER_ENABLED", "true"),
                Map.entry("WALLETPAY_CLUSTER_MEMBERS", String.join(",", ClusterNode.members(clusterPorts))),
                Map.entry("WALLETPAY_CLUSTER_HOST", "127.0.0.1"),
                // a merchant looked up stays cached for the whole test: only the cluster's MERCHANT_CHANGED message
                // can make a node see a change, so the waits below need no time bound to prove it
                Map.entry("WALLETPAY_CLUSTER_MERCHANT_CACHE_SECONDS", "3600"),
                // one HTTP verticle per node, so the merchant cache a request warms is the one the next one reads
                Map.entry("WALLETPAY_HTTP_INSTANCES", "1"),
                Map.entry("WALLETPAY_DB_STORE_INSTANCES", "1"),
                Map.entry("WALLETPAY_DB_POOL_SIZE", "6"),
                Map.entry("WALLETPAY_PAYMENTS_CREATE_RATE_PER_SECOND", Integer.toString(RATE_PER_SECOND)),
                Map.entry("WALLETPAY_WEBHOOKS_RETRY_SCHEDULE", "0s,200ms,500ms,1s,1s,1s,2s,2s,2s,2s,2s,2s"),
                Map.entry("WALLETPAY_WEBHOOKS_POLL_INTERVAL_MS", "200"),
                Map.entry("WALLETPAY_WEBHOOKS_CONNECT_TIMEOUT_MS", "500"),
                Map.entry("WALLETPAY_WEBHOOKS_REQUEST_TIMEOUT_MS", "2000"),
                Map.entry("WALLETPAY_WEBHOOKS_LEASE_SECONDS", "5"));
        ClusterNode all = new ClusterNode("all", dir.resolve("all"), clusterPorts.get(0), env);
        ClusterNode api = new ClusterNode("api", dir.resolve("api"), clusterPorts.get(1), env);
        ClusterNode worker = new ClusterNode("worker", dir.resolve("worker"), clusterPorts.get(2), env);
        nodes.addAll(List.of(all, api, worker));
        all.start().awaitReady(); // the first node migrates the database; the others find it migrated
        api.start();
        worker.start();
        api.awaitReady();
        worker.awaitReady();
        List<Http> apis = List.of(all.http(), api.http());

        try (WebhookReceiver receiver = new WebhookReceiver()) {
            // a slow endpoint: the worker is holding claimed deliveries when it is killed
            receiver.script("/hooks", call -> Answer.slow(150));
            Merchant burst = createMerchant(apis.get(0), "Burst shop", receiver.url("/hooks"));
            Merchant disabled = createMerchant(apis.get(1), "Soon disabled shop", receiver.url("/hooks"));
            Merchant changed = createMerchant(apis.get(0), "Changing shop", receiver.url("/hooks"));
            List<Merchant> flow = new ArrayList<>();
            for (int i = 0; i < FLOW_WORKERS; i++) {
                flow.add(createMerchant(apis.get(i % 2), "Flow shop " + i, receiver.url("/hooks")));
            }

            rateLimitIsOneBucketForBothApiNodes(burst);
            paymentsAndWebhooksSurviveTheWorkersDeath(apis, flow, worker, receiver);
            merchantChangesReachEveryNodeAtOnce(apis, changed, disabled);
        }
    }

    /**
     * 120 creates at once, half on each API node: together they get one bucket's allowance, not one each. Their
     * amount (0) is refused with 400 right after the limiter, so the burst does no database work and is over in a
     * moment; the allowance is then the bucket's capacity plus the little it refilled meanwhile, which tells one
     * bucket (at most about 10 + 10/s) from one per node (at least 20).
     */
    private void rateLimitIsOneBucketForBothApiNodes(Merchant merchant) throws Exception {
        HttpClient client =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        // the connections are opened (and both nodes' caches hold the merchant) before the burst, so it is short
        burst(client, merchant, "GET", "/api/merchant/settings");
        long started = System.nanoTime();
        List<CompletableFuture<HttpResponse<String>>> answers =
                burst(client, merchant, "POST", "/api/merchant/payments/wallet/");
        double seconds = (System.nanoTime() - started) / 1e9;
        Map<Integer, Long> byStatus = answers.stream()
                .map(CompletableFuture::join)
                .collect(Collectors.groupingBy(HttpResponse::statusCode, Collectors.counting()));

        long passed = byStatus.getOrDefault(400, 0L); // past the limiter, refused for the amount
        assertThat(byStatus.keySet()).as("statuses of the burst").containsOnly(400, 429);
        // one bucket: its capacity plus what refilled while the burst lasted (a bucket per node would allow twice)
        assertThat(passed)
                .as("creates let through in %.2f s across both API nodes (%s)", seconds, byStatus)
                .isGreaterThanOrEqualTo(RATE_PER_SECOND)
                .isLessThanOrEqualTo(RATE_PER_SECOND + (long) Math.ceil(RATE_PER_SECOND * seconds));
    }

    /** 60 requests at once on each API node; returns when all are answered. */
    private List<CompletableFuture<HttpResponse<String>>> burst(
            HttpClient client, Merchant merchant, String method, String path) throws Exception {
        List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            for (ClusterNode node : List.of(nodes.get(0), nodes.get(1))) {
                answers.add(client.sendAsync(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort + path))
                                .header("Authorization", "Bearer " + merchant.token())
                                .header("Content-Type", "application/json")
                                .method(
                                        method,
                                        method.equals("GET")
                                                ? HttpRequest.BodyPublishers.noBody()
                                                : HttpRequest.BodyPublishers.ofString("{\"amount\": 0}"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString()));
            }
        }
        CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
        return answers;
    }

    private void paymentsAndWebhooksSurviveTheWorkersDeath(
            List<Http> apis, List<Merchant> flow, ClusterNode worker, WebhookReceiver receiver) throws Exception {
        Set<String> answered201 = ConcurrentHashMap.newKeySet();
        Set<String> acknowledgedCompleted = ConcurrentHashMap.newKeySet();
        AtomicInteger completions = new AtomicInteger();
        CountDownLatch stop = new CountDownLatch(1);
        ExecutorService load = Executors.newFixedThreadPool(FLOW_WORKERS);
        List<Future<?>> workers = new ArrayList<>();
        for (int w = 0; w < FLOW_WORKERS; w++) {
            Merchant merchant = flow.get(w);
            int first = w;
            workers.add(load.submit(
                    () -> createAndPay(apis, first, merchant, answered201, acknowledgedCompleted, completions, stop)));
        }
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(completions.get())
                .as("completions before the kill")
                .isGreaterThanOrEqualTo(COMPLETIONS_BEFORE_KILL));
        worker.kill(); // SIGKILL mid-run: its claimed deliveries are left leased
        assertThat(worker.alive()).isFalse();
        int atKill = completions.get();
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(completions.get())
                .as("completions after the kill")
                .isGreaterThanOrEqualTo(atKill + COMPLETIONS_AFTER_KILL));
        stop.countDown();
        load.shutdown();
        assertThat(load.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
        for (Future<?> flowWorker : workers) {
            flowWorker.get(); // an unexpected answer on either API node fails the test here, with its assertion
        }

        Set<String> flowMerchants = flow.stream().map(Merchant::id).collect(Collectors.toSet());
        Map<String, String> statusById = paymentsOf(flowMerchants);
        assertThat(statusById.keySet())
                .as("payments in PostgreSQL are exactly those answered 201")
                .isEqualTo(answered201);
        Set<String> completed = statusById.entrySet().stream()
                .filter(e -> e.getValue().equals("completed"))
                .map(Map.Entry::getKey)
                .collect(Collectors.toSet());
        assertThat(completed).containsAll(acknowledgedCompleted).hasSizeGreaterThanOrEqualTo(atKill);

        // the all node's sender takes over what the dead worker held once its lease (5 s here) ends
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(webhookedPayments(receiver))
                .as("payments whose payment.completed webhook arrived")
                .isEqualTo(completed));
        Map<String, Set<String>> deliveryIds = receiver.all().stream()
                .collect(Collectors.groupingBy(
                        ThreeNodeClusterTest::transactionId,
                        Collectors.mapping(hook -> hook.header("X-Service-Delivery"), Collectors.toSet())));
        deliveryIds.forEach((payment, ids) -> assertThat(ids)
                .as("one delivery id for the completion of " + payment)
                .hasSize(1));
        for (Received hook : receiver.all()) {
            JsonObject body = new JsonObject(new String(hook.body(), StandardCharsets.UTF_8));
            assertThat(body.getJsonObject("data").getString("status")).isEqualTo("completed");
        }
        assertThat(worker.output()).doesNotContain("Exception in thread \"main\"");
    }

    /** A merchant's integration: create on one API node, pay on the other, alternating; 429 waits and retries. */
    private static void createAndPay(
            List<Http> apis,
            int first,
            Merchant merchant,
            Set<String> answered201,
            Set<String> completed,
            AtomicInteger completions,
            CountDownLatch stop) {
        int turn = first;
        while (stop.getCount() > 0) {
            Http creator = apis.get(turn % 2);
            Http payer = apis.get((turn + 1) % 2);
            turn++;
            try {
                Http.Response created = creator.post(
                        "/api/merchant/payments/wallet/", merchant.token(), new JsonObject().put("amount", 10 + turn));
                if (created.status() == 429) {
                    stop.await(200, TimeUnit.MILLISECONDS);
                    continue;
                }
                assertThat(created.status()).as(created.body()).isEqualTo(201);
                String id = created.data().getString("id");
                answered201.add(id);
                String checkout =
                        URI.create(created.data().getString("redirect_url")).getRawPath();
                Http.Response paid = payer.send(
                        "POST", checkout, null, "phone=50937123456&action=pay", Map.of("Content-Type", FORM));
                String location = paid.header("Location");
                assertThat(paid.status()).as(paid.body()).isEqualTo(303);
                if (location.contains("transaction_id=" + id) && location.contains("status=completed")) {
                    completed.add(id);
                    completions.incrementAndGet();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * A settings change, a key rotation and a disable, each made on one node, reach the other node's warm merchant
     * cache: the nodes cache a merchant for an hour here (WALLETPAY_CLUSTER_MERCHANT_CACHE_SECONDS), so only the
     * cluster-wide MERCHANT_CHANGED message can make these waits pass. Not a timed assertion: the bound only
     * ends a failing test (in practice they pass within milliseconds).
     */
    private void merchantChangesReachEveryNodeAtOnce(List<Http> apis, Merchant changed, Merchant disabled) {
        Duration atOnce = Duration.ofSeconds(30);

        warm(apis, changed);
        Http.Response feeChange = apis.get(0)
                .patch("/api/admin/merchants/" + changed.id(), ADMIN_TOKEN, new JsonObject().put("fee_fixed", "7.00"));
        assertThat(feeChange.status()).as(feeChange.body()).isEqualTo(200);
        await().atMost(atOnce).pollInterval(Duration.ofMillis(50)).untilAsserted(() -> {
            for (Http node : apis) {
                Http.Response settings = node.get("/api/merchant/settings", changed.token());
                assertThat(settings.status()).isEqualTo(200);
                assertThat(settings.data().getString("fee_fixed")).isEqualTo("7.00");
            }
        });

        warm(apis, changed);
        Http.Response rotated =
                apis.get(1).post("/api/admin/merchants/" + changed.id() + "/secret-key/rotate", ADMIN_TOKEN, null);
        assertThat(rotated.status()).as(rotated.body()).isEqualTo(200);
        await().atMost(atOnce).pollInterval(Duration.ofMillis(50)).untilAsserted(() -> {
            for (Http node : apis) {
                assertThat(node.get("/api/merchant/settings", changed.token()).status())
                        .as("a token issued under the rotated key")
                        .isEqualTo(401);
            }
        });

        warm(apis, disabled);
        Http.Response disable = apis.get(0)
                .patch(
                        "/api/admin/merchants/" + disabled.id(),
                        ADMIN_TOKEN,
                        new JsonObject().put("status", "disabled"));
        assertThat(disable.status()).as(disable.body()).isEqualTo(200);
        await().atMost(atOnce).pollInterval(Duration.ofMillis(50)).untilAsserted(() -> {
            for (Http node : apis) {
                Http.Response refused = node.post(
                        "/api/merchant/payments/wallet/", disabled.token(), new JsonObject().put("amount", 30));
                assertThat(refused.status()).isEqualTo(403);
                assertThat(refused.errorCode()).isEqualTo("merchant_disabled");
            }
        });
    }

    /** Both API nodes have the merchant, as it is now, in their cache. */
    private static void warm(List<Http> apis, Merchant merchant) {
        for (Http node : apis) {
            assertThat(node.get("/api/merchant/settings", merchant.token()).status())
                    .isEqualTo(200);
        }
    }

    private record Merchant(String id, String token) {}

    private static Merchant createMerchant(Http http, String name, String webhookUrl) {
        Http.Response created = http.post(
                "/api/admin/merchants",
                ADMIN_TOKEN,
                new JsonObject()
                        .put("name", name)
                        .put("webhook_url", webhookUrl)
                        .put("return_url", "https://shop.example/back"));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonObject merchant = created.data();
        Http.Response token = http.post(
                "/api/merchant/token",
                null,
                new JsonObject()
                        .put("merchant_id", merchant.getString("merchant_id"))
                        .put("secret_key", merchant.getString("secret_key")));
        assertThat(token.status()).as(token.body()).isEqualTo(200);
        return new Merchant(merchant.getString("merchant_id"), token.data().getString("token"));
    }

    private Map<String, String> paymentsOf(Set<String> merchants) throws Exception {
        Map<String, String> statusById = new java.util.HashMap<>();
        try (Connection db =
                        postgres.getDatabase("postgres", "walletpay_cluster").getConnection();
                Statement sql = db.createStatement();
                ResultSet rows = sql.executeQuery("SELECT id, merchant_id, status FROM payments")) {
            while (rows.next()) {
                if (merchants.contains(rows.getString(2))) {
                    statusById.put(rows.getString(1), rows.getString(3));
                }
            }
        }
        return statusById;
    }

    private static Set<String> webhookedPayments(WebhookReceiver receiver) {
        Set<String> ids = new HashSet<>();
        receiver.all().forEach(hook -> ids.add(transactionId(hook)));
        return ids;
    }

    private static String transactionId(Received hook) {
        return new JsonObject(new String(hook.body(), StandardCharsets.UTF_8))
                .getJsonObject("data")
                .getString("transaction_id");
    }
}
