package io.walletpay.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.PortalClient;
import io.walletpay.support.RunningService;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An identifier has one spelling, the one the service writes: the same id in upper case or in full-width digits
 * (which Java's own UUID parser reads) is no identifier at all, at the token endpoint, the portal's login and the
 * API's paths, so no check keyed on the text can be walked around with another spelling of a real id.
 */
@BehaviourTest
class IdentifierSpellingTest {

    static RunningService service;
    static JsonObject shop;
    static String token;
    static String paymentId;

    @BeforeAll
    static void start() {
        service = RunningService.start();
        shop = service.createMerchant("Boutik Idantifyan");
        token = service.tokenFor(shop);
        paymentId = service.createPayment(token, new JsonObject().put("amount", 100))
                .getString("id");
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void theTokenEndpointKnowsAMerchantByItsOwnSpellingOnly() {
        String id = shop.getString("merchant_id");
        for (String spelling : new String[] {upper(id), fullWidth(id)}) {
            var answer = service.http.post(
                    "/api/merchant/token",
                    null,
                    new JsonObject().put("merchant_id", spelling).put("secret_key", shop.getString("secret_key")));
            assertThat(answer.status()).as(spelling).isEqualTo(401);
        }
        var own = service.http.post(
                "/api/merchant/token",
                null,
                new JsonObject().put("merchant_id", id).put("secret_key", shop.getString("secret_key")));
        assertThat(own.status()).isEqualTo(200);
    }

    @Test
    void thePortalLoginKnowsAPersonByTheirOwnEmailOnlyNeverByTheMerchantsId() throws Exception {
        String base = "http://localhost:" + service.config.http().port();
        PortalClient.Person person = new PortalClient(base).logIn(shop, "viewer");
        String id = shop.getString("merchant_id");
        // a look-alike of the e-mail (full-width letters) is another e-mail; the merchant id is no e-mail at all
        for (String spelling : new String[] {fullWidth(person.email()), id, upper(id), fullWidth(id)}) {
            PortalClient browser = new PortalClient(base);
            var page = browser.get("/portal/login?lang=en");
            var answer = browser.submit(
                    page,
                    "/portal/login",
                    Map.of(
                            "email",
                            spelling,
                            "password",
                            person.password(),
                            "merchant_id",
                            spelling,
                            "secret_key",
                            shop.getString("secret_key")));
            assertThat(answer.statusCode()).as(spelling).isEqualTo(401);
            assertThat(browser.get("/portal/").statusCode()).as(spelling).isEqualTo(303);
        }
        PortalClient own = new PortalClient(base);
        var answer = own.submit(
                own.get("/portal/login"),
                "/portal/login",
                Map.of("email", person.email(), "password", person.password()));
        assertThat(answer.statusCode()).isEqualTo(303);
        assertThat(own.get("/portal/").statusCode()).isEqualTo(200);
    }

    @Test
    void apiPathsKnowAPaymentByItsOwnSpellingOnly() {
        assertThat(service.http
                        .get("/api/merchant/payments/" + paymentId, token)
                        .status())
                .isEqualTo(200);
        for (String spelling : new String[] {upper(paymentId), fullWidth(paymentId)}) {
            var answer = service.http.get("/api/merchant/payments/" + urlEncoded(spelling), token);
            assertThat(answer.status()).as(spelling).isEqualTo(404);
            assertThat(answer.body()).doesNotContain(paymentId);
        }
    }

    private static String upper(String id) {
        return id.toUpperCase(Locale.ROOT);
    }

    private static String fullWidth(String id) {
        StringBuilder wide = new StringBuilder();
        for (char c : id.toCharArray()) {
            wide.append(Character.isLetterOrDigit(c) ? (char) (c - 0x20 + 0xFF00) : c);
        }
        return wide.toString();
    }

    private static String urlEncoded(String text) {
        return java.net.URLEncoder.encode(text, java.nio.charset.StandardCharsets.UTF_8);
    }
}
