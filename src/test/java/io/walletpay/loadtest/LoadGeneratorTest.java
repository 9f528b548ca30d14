package io.walletpay.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.ChildProcess;
import io.walletpay.support.RunningService;
import io.walletpay.support.TestConfig;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The load generator against the real service on real sockets: a short open-loop run through create, checkout and
 * webhook, with its own receiver checking every signature. Figures are reported, never asserted.
 */
@BehaviourTest
class LoadGeneratorTest {

    private static RunningService service;
    private static String target;

    @BeforeAll
    static void startService() {
        service = RunningService.start(Map.of());
        target = "http://127.0.0.1:" + service.config.http().port();
    }

    @AfterAll
    static void stopService() {
        service.close();
    }

    @Test
    void paysEveryPaymentAtAFixedRateAndVerifiesEveryWebhook() {
        Summary summary = LoadTest.run(LoadTestOptions.parse(
                "--target",
                target,
                "--admin-token",
                TestConfig.ADMIN_TOKEN,
                "--merchants",
                "2",
                "--rate",
                "50",
                "--duration",
                "3",
                "--warmup",
                "0.5",
                "--pay",
                "--connections",
                "8",
                "--event-loops",
                "2",
                "--webhook-wait",
                "15",
                "--service-pid",
                // the service runs in this test's JVM: its CPU is this process's
                Long.toString(ProcessHandle.current().pid())));

        assertThat(summary.requests()).isPositive();
        assertThat(summary.create().errors()).isEmpty();
        assertThat(summary.create().ok()).isEqualTo(summary.requests());
        assertThat(summary.pay()).isNotNull();
        assertThat(summary.pay().errors()).isEmpty();
        assertThat(summary.pay().ok()).isEqualTo(summary.create().ok());
        Summary.WebhookResult webhooks = summary.webhooks();
        assertThat(webhooks.expected()).isGreaterThanOrEqualTo(summary.pay().ok());
        assertThat(webhooks.invalid()).isZero();
        assertThat(webhooks.missing()).isZero();
        assertThat(webhooks.unexpected()).isZero();
        assertThat(webhooks.verified()).isGreaterThanOrEqualTo(webhooks.expected());
        assertThat(summary.passed()).isTrue();
        // the warm-up's payments and webhooks are counted apart, not in the run's figures
        assertThat(webhooks.expected()).isEqualTo(summary.pay().ok());
        assertThat(webhooks.verified()).isEqualTo(webhooks.expected());
        assertThat(webhooks.warmupExpected()).isPositive();
        assertThat(webhooks.warmupVerified()).isEqualTo(webhooks.warmupExpected());
        // CPU of the measured window, per paid payment, for the generator and the service
        assertThat(summary.cpu()).isNotNull();
        assertThat(summary.cpu().generatorMs()).isPositive();
        assertThat(summary.cpu().serviceMs()).isPositive();
        assertThat(summary.generatorCpuMsPerFlow()).isPositive();
        assertThat(summary.serviceCpuMsPerFlow()).isPositive();
        assertThat(summary.report()).contains("cpu       generator").contains("per paid payment); service");
        if (System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT).startsWith("linux")) {
            // the service's threads waited for each request: they went to sleep, and the report says how often
            assertThat(summary.serviceSleepsPerFlow()).isPositive();
            assertThat(summary.report()).containsPattern("its threads slept [0-9]+\\.[0-9] times per paid payment");
            assertThat(summary.toJson().getJsonObject("cpu").getDouble("service_sleeps_per_flow"))
                    .isPositive();
        }
        assertThat(summary.toJson().getJsonObject("cpu").getLong("flows"))
                .isEqualTo(summary.pay().ok());

        JsonObject json = summary.toJson();
        assertThat(json.fieldNames())
                .contains(
                        "mode",
                        "target",
                        "duration_s",
                        "requests",
                        "ok",
                        "errors",
                        "rps",
                        "latency_ms",
                        "pay",
                        "webhooks");
        assertThat(json.getString("mode")).isEqualTo("rate");
        assertThat(json.getJsonObject("latency_ms").fieldNames()).containsExactly("p50", "p90", "p99", "p999", "max");
        assertThat(json.getJsonObject("pay").fieldNames()).contains("requests", "ok", "errors", "rps", "latency_ms");
        assertThat(json.getJsonObject("webhooks").fieldNames())
                .contains(
                        "verified",
                        "invalid",
                        "missing",
                        "duplicates",
                        "latency_ms",
                        "from_pay_sent_ms",
                        "before_answer");
        assertThat(json.getJsonObject("webhooks").getJsonObject("latency_ms").fieldNames())
                .containsExactly("p50", "p99", "max");
        // from the pay's send is an upper bound of the time from its answer, webhook by webhook, so also in p99
        JsonObject tally = json.getJsonObject("webhooks");
        assertThat(tally.getJsonObject("from_pay_sent_ms").getDouble("p99"))
                .isGreaterThanOrEqualTo(tally.getJsonObject("latency_ms").getDouble("p99"));
        assertThat(tally.getLong("before_answer")).isBetween(0L, tally.getLong("verified"));
        assertThat(summary.report()).contains("pay sent->webhook ms");
    }

    @Test
    void countsEveryDeliveryInvalidWhenGivenTheWrongWebhookSecret() {
        JsonObject merchant = service.createMerchant("load test, wrong secret");

        Summary summary = LoadTest.run(LoadTestOptions.parse(
                "--target",
                target,
                "--merchant-id",
                merchant.getString("merchant_id"),
                "--secret-key",
                merchant.getString("secret_key"),
                "--webhook-secret",
                "whsec_" + "0".repeat(32),
                "--rate",
                "20",
                "--duration",
                "1.5",
                "--warmup",
                "0",
                "--pay",
                "--webhook-wait",
                "3",
                "--connections",
                "4",
                "--event-loops",
                "2",
                "--quiet"));

        assertThat(summary.pay().ok()).isPositive();
        assertThat(summary.webhooks().invalid()).isPositive();
        assertThat(summary.webhooks().verified()).isZero();
        assertThat(summary.webhooks().missing()).isEqualTo(summary.webhooks().expected());
        assertThat(summary.passed()).isFalse();
        // the merchant's own webhook URL (none) is back once the run is over
        String token = service.tokenFor(merchant);
        assertThat(service.http.get("/api/merchant/settings", token).data().getValue("webhook_url"))
                .isNull();
    }

    @Test
    void aRunStoppedBeforeItsEndPutsTheMerchantsWebhookUrlBack() throws Exception {
        JsonObject merchant = service.createMerchant(new JsonObject()
                .put("name", "load test, stopped")
                .put("webhook_url", "https://boutik.example.ht/hooks"));
        String token = service.tokenFor(merchant);
        ProcessBuilder loadtest = ChildProcess.service(List.of());
        loadtest.command()
                .addAll(List.of(
                        "loadtest",
                        "--target",
                        target,
                        "--merchant-id",
                        merchant.getString("merchant_id"),
                        "--secret-key",
                        merchant.getString("secret_key"),
                        "--webhook-secret",
                        merchant.getString("webhook_secret"),
                        "--rate",
                        "10",
                        "--duration",
                        "120",
                        "--pay",
                        "--quiet"));
        loadtest.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process run = loadtest.start();
        try {
            Awaitility.await("the run pointed the merchant's webhooks at its receiver")
                    .atMost(Duration.ofSeconds(60))
                    .until(() -> !"https://boutik.example.ht/hooks".equals(webhookUrl(token)));

            run.destroy(); // SIGTERM, as Ctrl-C or a stopping container sends it
            assertThat(run.waitFor(30, TimeUnit.SECONDS)).isTrue();
        } finally {
            run.destroyForcibly();
        }
        assertThat(webhookUrl(token)).isEqualTo("https://boutik.example.ht/hooks");
    }

    private static Object webhookUrl(String token) {
        return service.http.get("/api/merchant/settings", token).data().getValue("webhook_url");
    }

    @Test
    void measuresTheHttpCeilingServerWithoutCredentials() {
        Vertx vertx = Vertx.vertx();
        try {
            int port = TestConfig.freePort();
            RunningService.await(CeilingServer.deploy(vertx, "127.0.0.1", port, 2));

            Summary summary = LoadTest.run(LoadTestOptions.parse(
                    "--target",
                    "http://127.0.0.1:" + port,
                    "--no-auth",
                    "--concurrency",
                    "8",
                    "--duration",
                    "1",
                    "--warmup",
                    "0.2",
                    "--connections",
                    "8",
                    "--event-loops",
                    "2",
                    "--quiet"));

            assertThat(summary.requests()).isPositive();
            assertThat(summary.create().errors()).isEmpty();
            assertThat(summary.pay()).isNull();
            assertThat(summary.webhooks()).isNull();
            assertThat(summary.toJson().getValue("pay")).isNull();
            assertThat(summary.passed()).isTrue();
        } finally {
            RunningService.await(vertx.close());
        }
    }
}
