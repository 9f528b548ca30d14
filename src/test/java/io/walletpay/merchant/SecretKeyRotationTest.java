package io.walletpay.merchant;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.Http;
import io.walletpay.support.Jwts;
import io.walletpay.support.RunningService;
import io.walletpay.support.TestConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A rotated secret key: shown once, the old key and every token issued under it stop at once. */
@BehaviourTest
class SecretKeyRotationTest {

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
    void theMerchantRotatesItsKeyAndOldTokensAndTheOldKeyStopWorking() {
        JsonObject merchant = service.createMerchant("Rotating shop");
        String id = merchant.getString("merchant_id");
        String oldKey = merchant.getString("secret_key");
        String oldToken = service.tokenFor(merchant);
        assertThat(http.get("/api/merchant/settings", oldToken).status()).isEqualTo(200);

        Http.Response rotated =
                http.post("/api/merchant/secret-key/rotate", oldToken, new JsonObject().put("secret_key", oldKey));
        assertThat(rotated.status()).isEqualTo(200);
        String newKey = rotated.data().getString("secret_key");
        assertThat(newKey).isNotBlank().isNotEqualTo(oldKey);
        assertThat(rotated.data().getString("merchant_id")).isEqualTo(id);

        Http.Response refused = http.get("/api/merchant/settings", oldToken);
        assertThat(refused.status()).isEqualTo(401);
        assertThat(refused.header("WWW-Authenticate")).isEqualTo(Jwts.INVALID_TOKEN_CHALLENGE);
        assertThat(refused.errorCode()).isEqualTo("invalid_token");
        assertThat(token(id, oldKey).status()).isEqualTo(401);

        Http.Response fresh = token(id, newKey);
        assertThat(fresh.status()).isEqualTo(200);
        assertThat(http.get("/api/merchant/settings", fresh.data().getString("token"))
                        .status())
                .isEqualTo(200);
    }

    /**
     * A token alone cannot issue a new key: whoever holds the key gets tokens and can redirect payouts, so the
     * current key is typed again, and without it nothing changes.
     */
    @Test
    void aTokenAloneCannotRotateTheKey() {
        JsonObject merchant = service.createMerchant("Stolen token");
        String key = merchant.getString("secret_key");
        String token = service.tokenFor(merchant);

        Http.Response withoutKey = http.post("/api/merchant/secret-key/rotate", token, null);
        Http.Response wrongKey =
                http.post("/api/merchant/secret-key/rotate", token, new JsonObject().put("secret_key", key + "x"));

        assertThat(withoutKey.status()).isEqualTo(400);
        assertThat(wrongKey.status()).isEqualTo(403);
        assertThat(wrongKey.json().getJsonObject("error").getString("code")).isEqualTo("invalid_secret_key");
        assertThat(http.get("/api/merchant/settings", token).status()).isEqualTo(200);
        assertThat(token(merchant.getString("merchant_id"), key).status()).isEqualTo(200);
    }

    @Test
    void theAdminRotatesAMerchantsKeyWithoutTouchingAnotherMerchant() {
        JsonObject merchant = service.createMerchant("Lost its key");
        JsonObject other = service.createMerchant("Keeps its key");
        String token = service.tokenFor(merchant);
        String otherToken = service.tokenFor(other);

        Http.Response rotated = http.post(
                "/api/admin/merchants/" + merchant.getString("merchant_id") + "/secret-key/rotate",
                TestConfig.ADMIN_TOKEN,
                null);
        assertThat(rotated.status()).isEqualTo(200);

        assertThat(http.get("/api/merchant/settings", token).status()).isEqualTo(401);
        assertThat(token(merchant.getString("merchant_id"), rotated.data().getString("secret_key"))
                        .status())
                .isEqualTo(200);
        assertThat(http.get("/api/merchant/settings", otherToken).status()).isEqualTo(200);
        assertThat(token(other.getString("merchant_id"), other.getString("secret_key"))
                        .status())
                .isEqualTo(200);
    }

    @Test
    void onlyTheAdminRotatesThroughTheAdminRoute() {
        JsonObject merchant = service.createMerchant("Guarded");
        String path = "/api/admin/merchants/" + merchant.getString("merchant_id") + "/secret-key/rotate";
        assertThat(http.post(path, service.tokenFor(merchant), null).status()).isEqualTo(401);
        assertThat(token(merchant.getString("merchant_id"), merchant.getString("secret_key"))
                        .status())
                .isEqualTo(200);
        assertThat(http.post(
                                "/api/admin/merchants/00000000-0000-4000-8000-000000000000/secret-key/rotate",
                                TestConfig.ADMIN_TOKEN,
                                null)
                        .status())
                .isEqualTo(404);
    }

    private static Http.Response token(String merchantId, String secretKey) {
        return http.post(
                "/api/merchant/token/",
                null,
                new JsonObject().put("merchant_id", merchantId).put("secret_key", secretKey));
    }
}
