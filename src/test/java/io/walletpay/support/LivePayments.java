package io.walletpay.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.checkout.FakeWalletProvider;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** Payments made in live mode the way a customer makes them: at the fake MonCash's gateway, then back to the shop. */
public final class LivePayments {

    private LivePayments() {}

    /**
     * A payment of {@code amount} HTG created with {@code token}, paid at the gateway by the wallet {@code payer},
     * and confirmed by the customer's return; the create answer's data.
     */
    public static JsonObject paidAtProvider(
            Http http, FakeWalletProvider fake, String token, int amount, String payer) {
        Http.Response created =
                http.post("/api/merchant/payments/wallet/", token, new JsonObject().put("amount", amount));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonObject payment = created.data();
        String query = URI.create(payment.getString("redirect_url")).getRawQuery();
        String paymentToken = URLDecoder.decode(query.substring("token=".length()), StandardCharsets.UTF_8);
        FakeWalletProvider.Transaction paid = fake.payToken(paymentToken, payer).orElseThrow();
        Http.Response back = http.get(
                "/provider/return?transactionId=" + URLEncoder.encode(paid.transactionId(), StandardCharsets.UTF_8),
                null);
        assertThat(back.status()).isEqualTo(200);
        return payment;
    }
}
