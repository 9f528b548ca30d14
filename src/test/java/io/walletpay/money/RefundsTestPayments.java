package io.walletpay.money;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import java.util.Map;

/** Paid payments for the tests of money out and of what it announces: created through the API and paid on the sandbox page. */
public final class RefundsTestPayments {

    private RefundsTestPayments() {}

    /** A payment of {@code amount} HTG the customer paid on the sandbox page with 3700 1234. */
    public static JsonObject paid(RunningService service, String token, int amount) {
        JsonObject payment = service.createPayment(token, new JsonObject().put("amount", amount));
        String redirect = payment.getString("redirect_url");
        Http.Response page = service.http.send(
                "POST",
                "/checkout/" + redirect.substring(redirect.lastIndexOf('/') + 1),
                null,
                "phone=3700+1234&action=pay",
                Map.of("Content-Type", "application/x-www-form-urlencoded"));
        assertThat(page.status()).isIn(200, 303);
        assertThat(service.http
                        .get("/api/merchant/payments/" + payment.getString("id"), token)
                        .data()
                        .getString("status"))
                .isEqualTo("completed");
        return payment;
    }
}
