package io.walletpay.http;

import io.vertx.core.json.JsonObject;
import io.walletpay.merchant.Merchant;
import io.walletpay.view.Timestamps;

/** How merchants look in API answers. Secrets never appear here; the create and rotate answers add them once. */
final class MerchantViews {

    private MerchantViews() {}

    static JsonObject admin(Merchant merchant) {
        return settings(merchant)
                .put("status", merchant.status().wireName())
                .put(
                        "approval_threshold",
                        merchant.approvalThreshold() == null
                                ? null
                                : merchant.approvalThreshold().toPlainString())
                .put("created_at", Timestamps.format(merchant.createdAt()))
                .put("updated_at", Timestamps.format(merchant.updatedAt()));
    }

    static JsonObject settings(Merchant merchant) {
        return new JsonObject()
                .put("merchant_id", merchant.publicId().toString())
                .put("name", merchant.name())
                .put("webhook_url", merchant.webhookUrl())
                .put("return_url", merchant.returnUrl())
                .put("locale", merchant.locale())
                .put("fee_percent", merchant.feePercent().toPlainString())
                .put("fee_fixed", merchant.feeFixed().toPlainString());
    }
}
