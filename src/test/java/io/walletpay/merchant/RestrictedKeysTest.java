package io.walletpay.merchant;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.money.RefundsTestPayments;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.RunningService;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Restricted API keys as a merchant uses them: made with the secret key's token, shown once, listed without the key;
 * a key's token does what its scope allows and gets 403 {@code insufficient_scope}, changing nothing, elsewhere; a
 * revoked key gets no token and its tokens stop.
 */
@BehaviourTest
class RestrictedKeysTest {

    private static final String KEYS = "/api/merchant/keys";
    private static final String CREATE = "/api/merchant/payments/wallet/";

    static RunningService service;
    static Http http;

    @BeforeAll
    static void start() {
        service = RunningService.start();
        http = service.http;
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void aReadOnlyKeysTokenListsPaymentsButCreatingOneIsRefusedAndCreatesNothing() {
        JsonObject merchant = service.createMerchant("Reader shop");
        String full = service.tokenFor(merchant);
        service.createPayment(full, new JsonObject().put("amount", 250));
        JsonObject key = makeKey(full, "read_only", "Reports");
        String reader = token(merchant, key.getString("key"));

        Http.Response listed = http.get("/api/merchant/payments", reader);
        assertThat(listed.status()).as(listed.body()).isEqualTo(200);
        assertThat(listed.dataArray()).hasSize(1);
        assertThat(http.get("/api/merchant/balance", reader).status()).isEqualTo(200);

        Http.Response refused = http.post(CREATE, reader, new JsonObject().put("amount", 100));
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.errorCode()).isEqualTo("insufficient_scope");
        assertThat(http.get("/api/merchant/payments", full).dataArray())
                .as("nothing was created")
                .hasSize(1);
        assertThat(http.get(KEYS, reader).errorCode())
                .as("a restricted key never sees the keys")
                .isEqualTo("insufficient_scope");
        assertThat(http.post(KEYS, reader, new JsonObject().put("scope", "payments"))
                        .errorCode())
                .isEqualTo("insufficient_scope");
        assertThat(http.get(KEYS, full).dataArray()).hasSize(1);
    }

    @Test
    void aPaymentsKeyCreatesAndCancelsButARefundIsRefused() {
        JsonObject merchant = service.createMerchant("Till shop");
        String full = service.tokenFor(merchant);
        String paidId = RefundsTestPayments.paid(service, full, 1000).getString("id");
        JsonObject key = makeKey(full, "payments", "Till 2");
        String till = token(merchant, key.getString("key"));

        Http.Response created = http.post(CREATE, till, new JsonObject().put("amount", 300));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String id = created.data().getString("id");
        assertThat(http.get("/api/merchant/payments/" + id, till).status()).isEqualTo(200);
        Http.Response cancelled = http.post("/api/merchant/payments/" + id + "/cancel", till, null);
        assertThat(cancelled.status()).as(cancelled.body()).isEqualTo(200);
        assertThat(cancelled.data().getString("status")).isEqualTo("cancelled");

        Http.Response refund =
                http.post("/api/merchant/payments/" + paidId + "/refunds", till, new JsonObject().put("amount", 100));
        assertThat(refund.status()).isEqualTo(403);
        assertThat(refund.errorCode()).isEqualTo("insufficient_scope");
        assertThat(http.get("/api/merchant/payments/" + paidId + "/refunds", full)
                        .dataArray())
                .as("no refund was made")
                .isEmpty();
        assertThat(http.get("/api/merchant/balance", till).errorCode())
                .as("nothing but payments and links")
                .isEqualTo("insufficient_scope");
        assertThat(http.patch("/api/merchant/settings", till, new JsonObject().put("return_url", "https://x.example/"))
                        .errorCode())
                .isEqualTo("insufficient_scope");
    }

    @Test
    void aRevokedKeyGetsNoTokenAndItsTokensStop() {
        JsonObject merchant = service.createMerchant("Revoking shop");
        String full = service.tokenFor(merchant);
        JsonObject key = makeKey(full, "read_only", null);
        String live = token(merchant, key.getString("key"));
        assertThat(http.get("/api/merchant/payments", live).status()).isEqualTo(200);

        Http.Response revoked = http.send("DELETE", KEYS + "/" + key.getString("id"), full, null, Map.of());
        assertThat(revoked.status()).as(revoked.body()).isEqualTo(200);
        assertThat(revoked.data().getString("revoked_at")).isNotNull();

        Http.Response noToken = tokenAnswer(merchant, key.getString("key"));
        assertThat(noToken.status()).isEqualTo(401);
        assertThat(noToken.errorCode()).isEqualTo("invalid_credentials");
        Http.Response stopped = http.get("/api/merchant/payments", live);
        assertThat(stopped.status()).isEqualTo(401);
        assertThat(stopped.errorCode()).isEqualTo("invalid_token");
        assertThat(http.get("/api/merchant/payments", full).status())
                .as("the secret key's token is untouched")
                .isEqualTo(200);
    }

    @Test
    void aKeyIsShownOnceListedByItsPrefixAndWorksForItsOwnMerchantOnly() {
        JsonObject merchant = service.createMerchant("Listing shop");
        JsonObject other = service.createMerchant("Other shop");
        String full = service.tokenFor(merchant);
        JsonObject key = makeKey(full, "payments", "Till 1");

        assertThat(key.getString("key")).startsWith("rk_live_");
        assertThat(key.getString("prefix")).isEqualTo(key.getString("key").substring(0, 12));
        Http.Response listed = http.get(KEYS, full);
        assertThat(listed.dataArray()).hasSize(1);
        assertThat(listed.body()).doesNotContain(key.getString("key"));
        assertThat(listed.dataArray().getJsonObject(0).getString("scope")).isEqualTo("payments");

        assertThat(tokenAnswer(other, key.getString("key")).errorCode())
                .as("another merchant's id with this key")
                .isEqualTo("invalid_credentials");
        assertThat(http.send("DELETE", KEYS + "/" + key.getString("id"), service.tokenFor(other), null, Map.of())
                        .status())
                .isEqualTo(404);
        assertThat(http.post(KEYS, full, new JsonObject().put("scope", "full")).errorCode())
                .isEqualTo("invalid_scope");
        assertThat(http.get("/api/merchant/audit-log", full).body()).contains("api_key.create");
    }

    private static JsonObject makeKey(String fullToken, String scope, String description) {
        Http.Response made =
                http.post(KEYS, fullToken, new JsonObject().put("scope", scope).put("description", description));
        assertThat(made.status()).as(made.body()).isEqualTo(201);
        return made.data();
    }

    private static Http.Response tokenAnswer(JsonObject merchant, String key) {
        return http.post(
                "/api/merchant/token/",
                null,
                new JsonObject()
                        .put("merchant_id", merchant.getString("merchant_id"))
                        .put("secret_key", key));
    }

    private static String token(JsonObject merchant, String key) {
        Http.Response answer = tokenAnswer(merchant, key);
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        return answer.data().getString("token");
    }
}
