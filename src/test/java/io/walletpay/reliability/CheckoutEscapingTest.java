package io.walletpay.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every merchant and customer text the checkout shows is escaped, over real HTTP: the merchant's name, the
 * payment's reference and description on the page and on the receipt, and the number the customer typed on the
 * error page (the page model itself: CheckoutPagesTest; name and description on the page: SandboxCheckoutTest).
 */
@BehaviourTest
class CheckoutEscapingTest {

    static final String MARKUP = "<img src=x onerror=alert(1)>\"'&";
    // jte escapes for where a value stands: in text no element can start, in an attribute no quote can close it
    static final String ESCAPED = "&lt;img src=x onerror=alert(1)&gt;\"'&amp;";
    static final String ESCAPED_ATTRIBUTE = "&lt;img src=x onerror=alert(1)>&#34;&#39;&amp;";

    @Test
    void merchantAndCustomerTextIsEscapedOnThePageTheErrorPageAndTheReceipt() {
        try (RunningService service = RunningService.start()) {
            String token = service.tokenFor(service.createMerchant("Shop " + MARKUP));
            JsonObject payment = service.createPayment(
                    token,
                    new JsonObject()
                            .put("amount", 15)
                            .put("reference_id", "R" + MARKUP)
                            .put("description", "D" + MARKUP));
            String path = URI.create(payment.getString("redirect_url")).getRawPath();
            Map<String, String> form = Map.of("Content-Type", "application/x-www-form-urlencoded");

            Http.Response page = service.http.get(path, null);
            Http.Response rejected = service.http.send(
                    "POST",
                    path,
                    null,
                    "action=pay&phone=" + URLEncoder.encode("509" + MARKUP, StandardCharsets.UTF_8),
                    form);
            Http.Response receipt = service.http.send("POST", path, null, "action=pay&phone=50937123456", form);

            assertThat(page.body()).contains("Shop " + ESCAPED, "R" + ESCAPED, "D" + ESCAPED);
            assertThat(rejected.status()).isEqualTo(400);
            assertThat(rejected.body()).contains("value=\"509" + ESCAPED_ATTRIBUTE + "\"");
            assertThat(receipt.status()).isEqualTo(200);
            assertThat(receipt.body()).contains("Shop " + ESCAPED, "R" + ESCAPED);
            for (Http.Response answer : List.of(page, rejected, receipt)) {
                assertThat(answer.body()).doesNotContain("<img").contains("onerror=alert(1)");
                // every occurrence of the payload is an escaped one: none of it can be markup or an attribute
                assertThat(answer.body().replace(ESCAPED, "").replace(ESCAPED_ATTRIBUTE, ""))
                        .doesNotContain("onerror");
            }
        }
    }
}
