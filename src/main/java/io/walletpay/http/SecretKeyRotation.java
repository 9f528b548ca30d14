package io.walletpay.http;

import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.merchant.Actor;
import io.walletpay.usecase.RotateSecretKey;
import java.util.UUID;

/**
 * {@code POST /api/merchant/secret-key/rotate} and its admin twin: the answer of {@link RotateSecretKey}, whose new
 * secret key is shown this once.
 */
final class SecretKeyRotation {

    private SecretKeyRotation() {}

    static void rotate(RoutingContext ctx, RotateSecretKey rotation, UUID merchantId, Actor actor) {
        rotate(ctx, rotation, merchantId, true, actor);
    }

    /** The key of the merchant row {@code merchantId}, live or its test twin as {@code livemode} says. */
    static void rotate(RoutingContext ctx, RotateSecretKey rotation, UUID merchantId, boolean livemode, Actor actor) {
        rotation.rotate(merchantId, livemode, actor)
                .onSuccess(rotated -> Responses.success(
                        ctx,
                        200,
                        new JsonObject()
                                .put(
                                        "merchant_id",
                                        rotated.merchant().publicId().toString())
                                .put("secret_key", rotated.secretKey())
                                .put("livemode", rotated.merchant().livemode())))
                .onFailure(ctx::fail);
    }
}
