package io.walletpay.production;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.Http;
import java.util.Map;
import java.util.UUID;

/** A merchant made through the admin API and payments made through the merchant API of a running service. */
record ServiceCalls(Http http, String merchantId, String secretKey) {

    static ServiceCalls newMerchant(Http http, String adminToken) {
        Http.Response created =
                http.post("/api/admin/merchants", adminToken, new JsonObject().put("name", "Lock shop"));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return new ServiceCalls(
                http, created.data().getString("merchant_id"), created.data().getString("secret_key"));
    }

    String token() {
        Http.Response token = http.post(
                "/api/merchant/token",
                null,
                new JsonObject().put("merchant_id", merchantId).put("secret_key", secretKey));
        assertThat(token.status()).as(token.body()).isEqualTo(200);
        return token.data().getString("token");
    }

    /** Creates a payment and returns its id (asserting the 201). */
    String createPayment() {
        Http.Response created = http.send(
                "POST",
                "/api/merchant/payments/wallet/",
                token(),
                new JsonObject()
                        .put("amount", 2500)
                        .put("reference_id", "ORDER-1")
                        .encode(),
                Map.of(
                        "Content-Type",
                        "application/json",
                        "Idempotency-Key",
                        UUID.randomUUID().toString()));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.data().getString("id");
    }

    int paymentStatus(String id) {
        return http.get("/api/merchant/payments/" + id, token()).status();
    }
}
