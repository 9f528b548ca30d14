package io.walletpay.http;

import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.bus.MerchantStoreClient;
import io.walletpay.merchant.Secrets;
import java.util.UUID;

/**
 * {@code POST /api/merchant/secret-key/rotate} and its admin twin: a new secret key, shown this once (only its hash
 * is stored). The old key stops at once and so does every token issued under it; the merchant's cached copy is
 * dropped when the store announces the change.
 */
final class SecretKeyRotation {

    private SecretKeyRotation() {}

    static void rotate(RoutingContext ctx, MerchantStoreClient merchants, UUID merchantId) {
        String secretKey = Secrets.newSecretKey();
        merchants
                .rotateSecretKey(merchantId, Secrets.hash(secretKey))
                .onSuccess(merchant -> Responses.success(
                        ctx,
                        200,
                        new JsonObject()
                                .put("merchant_id", merchant.id().toString())
                                .put("secret_key", secretKey)))
                .onFailure(ctx::fail);
    }
}
