package io.walletpay.portal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.PortalClient;
import io.walletpay.support.RunningService;
import io.walletpay.support.WebhookReceiver;
import java.time.Duration;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A merchant with more than one webhook endpoint sees which endpoint each delivery went to: the API's deliveries
 * name it ({@code endpoint_id}), and the portal's webhooks page and the payment's page show its address.
 */
@BehaviourTest
class PortalDeliveryEndpointsTest {

    static RunningService service;
    static WebhookReceiver receiver;
    static String base;

    @BeforeAll
    static void start() {
        service = RunningService.start(PortalPagesTest.FAST);
        receiver = new WebhookReceiver();
        base = "http://localhost:" + service.config.http().port();
    }

    @AfterAll
    static void stop() {
        service.close();
        receiver.close();
    }

    @Test
    void eachDeliveryNamesItsEndpointInTheApiAndShowsItsAddressInThePortal() throws Exception {
        String first = receiver.url("/desks/all");
        String second = receiver.url("/desks/payments");
        JsonObject merchant =
                service.createMerchant(new JsonObject().put("name", "Two desks").put("webhook_url", first));
        String token = service.tokenFor(merchant);
        Http.Response made = service.http.post(
                "/api/merchant/webhooks/endpoints",
                token,
                new JsonObject().put("url", second).put("enabled_events", new JsonArray().add("payment.updated")));
        assertThat(made.status()).as(made.body()).isEqualTo(201);
        JsonArray endpoints =
                service.http.get("/api/merchant/webhooks/endpoints", token).dataArray();
        Set<String> endpointIds =
                endpoints.stream().map(e -> ((JsonObject) e).getString("id")).collect(Collectors.toSet());

        String paymentId = service.createPayment(token, new JsonObject().put("amount", 150))
                .getString("id");
        service.transition(paymentId, PaymentStatus.COMPLETED);
        await().atMost(Duration.ofSeconds(20))
                .until(() -> service.http
                                .get("/api/merchant/webhooks/deliveries?payment_id=" + paymentId, token)
                                .dataArray()
                                .size()
                        == 2);
        JsonArray deliveries = service.http
                .get("/api/merchant/webhooks/deliveries?payment_id=" + paymentId, token)
                .dataArray();
        assertThat(deliveries.stream().map(d -> ((JsonObject) d).getString("endpoint_id")))
                .containsExactlyInAnyOrderElementsOf(endpointIds);

        PortalClient portal = new PortalClient(base);
        portal.logIn(merchant);
        String webhooks = portal.get("/portal/webhooks").body();
        assertThat(webhooks)
                .contains("<span class=\"muted endpoint\">" + first + "</span>")
                .contains("<span class=\"muted endpoint\">" + second + "</span>");
        String payment = portal.get("/portal/payments/" + paymentId).body();
        assertThat(section(payment))
                .contains("<span class=\"muted endpoint\">" + first + "</span>")
                .contains("<span class=\"muted endpoint\">" + second + "</span>");
    }

    /** The payment page's deliveries table. */
    private static String section(String page) {
        int start = page.indexOf("<table id=\"deliveries\"");
        assertThat(start).isNotNegative();
        return page.substring(start, page.indexOf("</table>", start));
    }
}
