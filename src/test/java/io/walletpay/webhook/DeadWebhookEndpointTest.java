package io.walletpay.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.page.Language;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.PortalClient;
import io.walletpay.support.RunningService;
import io.walletpay.support.TestConfig;
import java.time.Duration;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A merchant whose webhook endpoint refuses every connection (a closed port on this machine, a target the test
 * configuration allows): after its deliveries have failed, neither the settings API nor the portal calls the
 * endpoint working, and a delivery that failed and is due again reads as retrying, not as waiting, in the three
 * languages. The schedule tries twice quickly and then waits an hour, so the deliveries stay retrying while the
 * test looks.
 */
@BehaviourTest
class DeadWebhookEndpointTest {

    static final Map<String, String> TWO_QUICK_TRIES = Map.of(
            "WALLETPAY_WEBHOOKS_RETRY_SCHEDULE", "0s,100ms,1h",
            "WALLETPAY_WEBHOOKS_REQUEST_TIMEOUT_MS", "1000",
            "WALLETPAY_WEBHOOKS_CONNECT_TIMEOUT_MS", "500",
            "WALLETPAY_WEBHOOKS_POLL_INTERVAL_MS", "100");

    static RunningService service;

    @BeforeAll
    static void start() {
        service = RunningService.start(TWO_QUICK_TRIES);
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void anEndpointThatRefusesEveryConnectionIsNeverCalledHealthyNorWorking() throws Exception {
        int closedPort = TestConfig.freePort();
        JsonObject merchant = service.createMerchant(new JsonObject()
                .put("name", "Boutik Pò Fèmen")
                .put("webhook_url", "http://127.0.0.1:" + closedPort + "/hooks"));
        String token = service.tokenFor(merchant);
        String paymentId = service.createPayment(
                        token, new JsonObject().put("amount", 350).put("reference_id", "DEAD-1"))
                .getString("id");
        service.transition(paymentId, PaymentStatus.COMPLETED);

        // both quick tries refused; the third is an hour away, so the delivery is pending with two failed tries
        JsonObject delivery = Awaitility.await()
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(100))
                .until(
                        () -> service.http
                                .get("/api/merchant/webhooks/deliveries?payment_id=" + paymentId, token)
                                .dataArray()
                                .getJsonObject(0),
                        found -> found != null && found.getInteger("attempts") >= 2);
        assertThat(delivery.getString("status")).isEqualTo("pending");

        Http.Response settings = service.http.get("/api/merchant/settings", token);
        assertThat(settings.status()).isEqualTo(200);
        JsonObject endpoint = settings.data().getJsonObject("webhook_endpoint");
        assertThat(endpoint.getString("status")).isEqualTo("retrying");
        assertThat(endpoint.getString("failing_since")).isNotNull();

        PortalClient portal =
                new PortalClient("http://localhost:" + service.config.http().port());
        portal.logIn(merchant);
        Map<Language, String[]> words = Map.of(
                Language.HT, new String[] {"Mache byen", "Pa reponn, n ap eseye ankò", "Ap eseye ankò", "Ap tann"},
                Language.FR,
                        new String[] {
                            "Fonctionne", "Ne répond pas, nouvel essai prévu", "Nouvel essai prévu", "En attente"
                        },
                Language.EN, new String[] {"Working", "Not answering, retrying", "Retrying", "Pending"});
        for (Language language : Language.values()) {
            String[] w = words.get(language);
            String settingsPage =
                    portal.get("/portal/settings?lang=" + language.tag()).body();
            assertThat(settingsPage)
                    .as("settings in %s", language)
                    .contains("data-health=\"retrying\">" + w[1] + "</span>")
                    .contains("id=\"health-since\"")
                    .doesNotContain(w[0]);
            String webhooksPage =
                    portal.get("/portal/webhooks?lang=" + language.tag()).body();
            assertThat(webhooksPage)
                    .as("webhooks in %s", language)
                    .contains("data-health=\"retrying\">" + w[1] + "</span>")
                    .doesNotContain(w[0])
                    .contains(">DEAD-1</a>")
                    .contains("<span class=\"status status-pending\">" + w[2] + "</span>")
                    .doesNotContain(">" + w[3] + "</span>");
        }
    }
}
