package io.walletpay.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.ServiceProcess;
import io.walletpay.support.WebhookReceiver;
import io.walletpay.support.WebhookReceiver.Answer;
import io.walletpay.support.WebhookReceiver.Received;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 of the service and of its embedded PostgreSQL in the middle of create-and-pay traffic, then a restart
 * on the same data directory: every payment that was answered 201 exists, every completion that was acknowledged
 * (the 303 to the Return URL) is still completed, and every completed payment's webhook arrives after the restart
 * (the merchant's endpoint refuses everything until then), at least once and under one delivery id.
 */
@BehaviourTest
class CrashRecoveryTest {

    static final String FORM = "application/x-www-form-urlencoded";
    static final int WORKERS = 4;
    static final int KILL_AFTER_COMPLETIONS = 30;

    @TempDir
    Path dataDir;

    ServiceProcess service;

    @AfterEach
    void stop() throws Exception {
        if (service != null && service.alive()) {
            service.terminate();
        }
    }

    @Test
    void nothingAcknowledgedIsLostWhenTheServiceAndItsDatabaseAreKilledUnderLoad() throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            AtomicBoolean merchantUp = new AtomicBoolean(false);
            receiver.script("/crash-hooks", call -> merchantUp.get() ? Answer.status(200) : Answer.status(503));

            service = new ServiceProcess(
                            dataDir,
                            Map.of(
                                    "WALLETPAY_WEBHOOKS_RETRY_SCHEDULE",
                                            "0s,200ms,500ms,1s,1s,1s,2s,2s,2s,2s,2s,2s,2s,2s,2s,2s",
                                    "WALLETPAY_WEBHOOKS_POLL_INTERVAL_MS", "200",
                                    "WALLETPAY_WEBHOOKS_REQUEST_TIMEOUT_MS", "1000",
                                    "WALLETPAY_WEBHOOKS_CONNECT_TIMEOUT_MS", "500",
                                    "WALLETPAY_WEBHOOKS_LEASE_SECONDS", "5"))
                    .start();
            Http http = service.awaitReady();
            String adminToken =
                    new JsonObject(Files.readString(dataDir.resolve("secrets.json"))).getString("admin_token");
            Http.Response created = http.post(
                    "/api/admin/merchants",
                    adminToken,
                    new JsonObject()
                            .put("name", "Crash shop")
                            .put("webhook_url", receiver.url("/crash-hooks"))
                            .put("return_url", "https://shop.example/back"));
            assertThat(created.status()).isEqualTo(201);
            JsonObject merchant = created.data();
            String token = http.merchantToken(merchant);

            Set<String> answered201 = ConcurrentHashMap.newKeySet();
            Set<String> acknowledgedCompleted = ConcurrentHashMap.newKeySet();
            CountDownLatch stopLoad = new CountDownLatch(1);
            ExecutorService load = Executors.newFixedThreadPool(WORKERS);
            for (int w = 0; w < WORKERS; w++) {
                load.submit(() -> createAndPay(http, token, answered201, acknowledgedCompleted, stopLoad));
            }
            await().atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(10))
                    .untilAsserted(() -> assertThat(acknowledgedCompleted)
                            .as("load reached the kill point")
                            .hasSizeGreaterThanOrEqualTo(KILL_AFTER_COMPLETIONS));

            long postmaster = postmasterPid();
            List<ProcessHandle> database = new ArrayList<>();
            ProcessHandle.of(postmaster).ifPresent(handle -> {
                database.add(handle);
                handle.descendants().forEach(database::add);
            });
            service.kill(); // SIGKILL, mid-load: the workers' requests in flight are cut
            database.forEach(ProcessHandle::destroyForcibly); // and PostgreSQL goes down hard with it
            assertThat(service.alive()).isFalse();
            for (ProcessHandle handle : database) {
                handle.onExit().get(10, TimeUnit.SECONDS);
            }
            stopLoad.countDown();
            load.shutdown();
            assertThat(load.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
            int refusedBeforeRestart = receiver.all().size();

            merchantUp.set(true);
            service.start();
            Http restarted = service.awaitReady();
            String freshToken = restarted.merchantToken(merchant);

            for (String id : answered201) {
                Http.Response payment = restarted.get("/api/merchant/payments/" + id, freshToken);
                assertThat(payment.status())
                        .as("payment " + id + " answered 201 before the crash")
                        .isEqualTo(200);
                if (acknowledgedCompleted.contains(id)) {
                    assertThat(payment.data().getString("status"))
                            .as("acknowledged completion of " + id)
                            .isEqualTo("completed");
                }
            }

            Set<String> completed = completedPayments();
            assertThat(completed).containsAll(acknowledgedCompleted);
            Map<String, Set<String>> deliveryIdsByPayment = awaitWebhooks(receiver, completed, refusedBeforeRestart);
            deliveryIdsByPayment.forEach((payment, ids) -> assertThat(ids)
                    .as("one delivery id for the completion of " + payment)
                    .hasSize(1));
            assertThat(Files.readString(dataDir.resolve("service.log")))
                    .doesNotContain(merchant.getString("secret_key"))
                    .doesNotContain(token)
                    .doesNotContain(freshToken);
        }
    }

    /** One worker: create a payment, then pay it on the checkout page like a customer; until told to stop. */
    private static void createAndPay(
            Http http, String token, Set<String> answered201, Set<String> completed, CountDownLatch stop) {
        int amount = 1;
        while (stop.getCount() > 0) {
            try {
                Http.Response created = http.post(
                        "/api/merchant/payments/wallet/", token, new JsonObject().put("amount", 1 + (amount++ % 500)));
                if (created.status() != 201) {
                    continue;
                }
                String id = created.data().getString("id");
                answered201.add(id);
                String checkout =
                        URI.create(created.data().getString("redirect_url")).getRawPath();
                Http.Response paid =
                        http.send("POST", checkout, null, "phone=50937123456&action=pay", Map.of("Content-Type", FORM));
                String location = paid.header("Location");
                if (paid.status() == 303
                        && location.contains("transaction_id=" + id)
                        && location.contains("status=completed")) {
                    completed.add(id);
                }
            } catch (UncheckedIOException | IllegalStateException connectionLost) {
                // the service is gone: keep trying every 20 ms until told to stop, as a client would
                awaitQuietly(stop, Duration.ofMillis(20));
            }
        }
    }

    /** Waits until every completed payment's webhook has been accepted after the restart; delivery ids per payment. */
    private static Map<String, Set<String>> awaitWebhooks(
            WebhookReceiver receiver, Set<String> completed, int refusedBeforeRestart) {
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(100))
                .untilAsserted(() -> {
                    List<Received> all = receiver.all();
                    Set<String> delivered = all.subList(refusedBeforeRestart, all.size()).stream()
                            .map(CrashRecoveryTest::transactionId)
                            .collect(Collectors.toSet());
                    Set<String> missing = new HashSet<>(completed);
                    missing.removeAll(delivered);
                    assertThat(missing)
                            .as("completed payments whose webhook never arrived after the restart")
                            .isEmpty();
                });
        return receiver.all().stream()
                .collect(Collectors.groupingBy(
                        CrashRecoveryTest::transactionId,
                        Collectors.mapping(hook -> hook.header("X-Service-Delivery"), Collectors.toSet())));
    }

    private static String transactionId(Received hook) {
        return new JsonObject(new String(hook.body(), StandardCharsets.UTF_8))
                .getJsonObject("data")
                .getString("transaction_id");
    }

    private Set<String> completedPayments() throws Exception {
        Set<String> ids = new HashSet<>();
        try (Connection db = service.database();
                Statement sql = db.createStatement();
                ResultSet rows = sql.executeQuery("SELECT id FROM payments WHERE status = 'completed'")) {
            while (rows.next()) {
                ids.add(rows.getString(1));
            }
        }
        return ids;
    }

    private long postmasterPid() throws Exception {
        return Long.parseLong(Files.readAllLines(dataDir.resolve("postgres").resolve("postmaster.pid"))
                .get(0)
                .trim());
    }

    /** Waits for the stop signal, at most {@code pause}: a worker that is told to stop stops at once. */
    private static void awaitQuietly(CountDownLatch stop, Duration pause) {
        try {
            stop.await(pause.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
