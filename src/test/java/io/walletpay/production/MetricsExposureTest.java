package io.walletpay.production;

import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.RawHttp;
import io.walletpay.support.RunningService;
import io.walletpay.support.TestConfig;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Who can read {@code /metrics}: everyone in development, the admin in production, or only the management port. */
@BehaviourTest
class MetricsExposureTest {

    @Test
    void developmentServesMetricsOnTheApiPort() {
        try (RunningService service = RunningService.start()) {
            Http.Response metrics = service.http.get("/metrics", null);
            assertThat(metrics.status()).isEqualTo(200);
            assertThat(metrics.body()).contains("# TYPE");
        }
    }

    @Test
    void productionServesMetricsOnTheApiPortOnlyWithTheAdminToken() {
        try (RunningService service = RunningService.start(Map.of("WALLETPAY_MODE", "production"))) {
            Http.Response anonymous = service.http.get("/metrics", null);
            assertThat(anonymous.status()).isEqualTo(401);
            assertThat(anonymous.body()).doesNotContain("# TYPE");
            assertThat(service.http
                            .get("/metrics", "not-the-admin-token-at-all-0123456789")
                            .status())
                    .isEqualTo(401);

            Http.Response admin = service.http.get("/metrics", TestConfig.ADMIN_TOKEN);
            assertThat(admin.status()).isEqualTo(200);
            assertThat(admin.body()).contains("# TYPE");
        }
    }

    /**
     * With a metrics token Prometheus holds that token, not the admin's: it reads /metrics and nothing else, and a
     * scraper guessing from another address never locks it out.
     */
    @Test
    void aMetricsTokenReadsMetricsOnlyAndGuessesElsewhereDoNotLockItOut() {
        String metricsToken = "mtk_" + "7Qx2".repeat(10);
        try (RunningService service = RunningService.start(
                Map.of("WALLETPAY_MODE", "production", "WALLETPAY_MANAGEMENT_METRICS_TOKEN", metricsToken))) {
            RawHttp guesser = new RawHttp(service.config.http().port(), "127.0.0.61");
            for (int i = 0; i < 15; i++) {
                assertThat(metrics(guesser, "wrong-metrics-token-" + i + "-0123456789abcdef")
                                .status())
                        .isIn(401, 429);
            }
            assertThat(metrics(guesser, metricsToken).status())
                    .as("the guessing address waits")
                    .isEqualTo(429);

            RawHttp prometheus = new RawHttp(service.config.http().port(), "127.0.0.62");
            RawHttp.Answer scraped = metrics(prometheus, metricsToken);
            assertThat(scraped.status()).isEqualTo(200);
            assertThat(scraped.body()).contains("# TYPE");
            assertThat(service.http.get("/api/admin/merchants", metricsToken).status())
                    .as("the metrics token is not the admin's")
                    .isEqualTo(401);
            assertThat(service.http.get("/metrics", TestConfig.ADMIN_TOKEN).status())
                    .as("with a metrics token set, the admin token does not read metrics")
                    .isEqualTo(401);
        }
    }

    private static RawHttp.Answer metrics(RawHttp client, String token) {
        return client.send("GET", "/metrics", Map.of("Authorization", "Bearer " + token), null);
    }

    @Test
    void aManagementPortTakesMetricsAndHealthOffTheApiPort() {
        int managementPort = TestConfig.freePort();
        try (RunningService service = RunningService.start(Map.of(
                "WALLETPAY_MODE", "production", "WALLETPAY_MANAGEMENT_PORT", Integer.toString(managementPort)))) {
            assertThat(service.http.get("/metrics", TestConfig.ADMIN_TOKEN).status())
                    .isEqualTo(404);

            // the management port is not the API: read it with a plain client, not the OpenAPI-checking one
            HttpResponse<String> metrics = plainGet(managementPort, "/metrics");
            assertThat(metrics.statusCode()).isEqualTo(200);
            assertThat(metrics.body()).contains("# TYPE");
            assertThat(plainGet(managementPort, "/health/ready").body()).contains("\"status\":\"ready\"");
            assertThat(plainGet(managementPort, "/api/merchant/payments").statusCode())
                    .isEqualTo(404);
        }
    }

    private static HttpResponse<String> plainGet(int port, String path) {
        try {
            return HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
