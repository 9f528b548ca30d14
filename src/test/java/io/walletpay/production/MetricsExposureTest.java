package io.walletpay.production;

import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
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
