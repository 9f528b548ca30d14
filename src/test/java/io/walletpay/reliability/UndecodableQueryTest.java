package io.walletpay.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.RawHttp;
import io.walletpay.support.RunningService;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A request with a body whose query does not decode ("%" without two hex digits) is answered at once with a 400:
 * the JSON envelope for the API, a page in the customer's language for the customer's pages; and nothing happens.
 */
@BehaviourTest
class UndecodableQueryTest {

    static final String FORM = "application/x-www-form-urlencoded";

    static RunningService service;
    static RawHttp raw;
    static String token;

    @BeforeAll
    static void start() {
        service = RunningService.start();
        raw = new RawHttp(service.config.http().port());
        token = service.tokenFor(service.createMerchant("Query shop"));
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"%", "%zz", "a%2", "%%"})
    void aCreateIsRefusedWithTheEnvelopeAndCreatesNothing(String escape) {
        long before = payments();
        RawHttp.Answer answer = raw.send(
                "POST",
                "/api/merchant/payments/wallet/?x=" + escape,
                Map.of("Authorization", "Bearer " + token, "Content-Type", "application/json"),
                new JsonObject().put("amount", 100).encode());

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.mediaType()).isEqualTo("application/json");
        assertThat(answer.json().getJsonObject("error").getString("code")).isEqualTo("bad_request");
        assertThat(payments()).isEqualTo(before);
    }

    @Test
    void aPaymentFormIsRefusedWithAPageAndTheCustomerHasNotPaid() {
        JsonObject payment = service.createPayment(token, new JsonObject().put("amount", 100));
        String redirect = payment.getString("redirect_url");
        String checkout = "/checkout/" + redirect.substring(redirect.lastIndexOf('/') + 1);

        RawHttp.Answer answer =
                raw.send("POST", checkout + "?lang=%", Map.of("Content-Type", FORM), "phone=37001234&action=pay");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.mediaType()).isEqualTo("text/html");
        assertThat(answer.body()).contains("lang=\"ht\"");
        assertThat(service.http
                        .get("/api/merchant/payments/" + payment.getString("id"), token)
                        .data()
                        .getString("status"))
                .isEqualTo("pending");
    }

    @Test
    void aLinkPaymentIsRefusedWithAPage() {
        String url = service.http
                .post(
                        "/api/merchant/payment-links",
                        token,
                        new JsonObject().put("amount", 100).put("description", "Diri"))
                .data()
                .getString("url");
        long before = payments();

        RawHttp.Answer answer =
                raw.send("POST", url.substring(url.indexOf("/l/")) + "?lang=%", Map.of("Content-Type", FORM), "");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.mediaType()).isEqualTo("text/html");
        assertThat(payments()).isEqualTo(before);
    }

    @Test
    void aPortalLoginIsRefused() {
        RawHttp.Answer answer = raw.send(
                "POST", "/portal/login?lang=%", Map.of("Content-Type", FORM), "email=x%40example.com&password=y");

        assertThat(answer.status()).isEqualTo(400);
    }

    private static long payments() {
        return service.sql("SELECT count(*) FROM payments").iterator().next().getLong(0);
    }
}
