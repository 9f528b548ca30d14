package io.walletpay.http;

import io.vertx.core.Future;
import io.walletpay.delivery.WebhookTargets;

/** The save-time check of a merchant's URLs (DESIGN section 9): both are checked as delivery would send to them. */
final class SavedUrls {

    private SavedUrls() {}

    /** Succeeds when both URLs (null = unchanged or cleared) are acceptable; else the 400 of the first refused. */
    static Future<Void> check(WebhookTargets targets, String webhookUrl, String returnUrl) {
        return targets.checkForSaving("webhook_url", webhookUrl)
                .compose(checked -> targets.checkForSaving("return_url", returnUrl));
    }
}
