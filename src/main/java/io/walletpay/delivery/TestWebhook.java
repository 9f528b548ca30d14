package io.walletpay.delivery;

import io.vertx.core.Future;
import io.walletpay.delivery.WebhookTester.SendTestWebhook;
import io.walletpay.delivery.WebhookTester.TestWebhookResult;
import io.walletpay.json.NewIdentifiers;
import io.walletpay.webhook.DueDelivery;
import io.walletpay.webhook.WebhookBody;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

/**
 * {@code POST /api/merchant/webhooks/test}: one signed {@code webhook.test} event sent at once through the same
 * sender (target guard, headers, signatures), not stored and never retried, so a merchant can check an endpoint.
 * It is signed with every active secret, as a real delivery is: during a rotation's overlap the merchant can check
 * that its verifier accepts the new secret before the old one stops.
 */
final class TestWebhook {

    static final String EVENT = "webhook.test";

    private TestWebhook() {}

    /** {@code secrets}: the merchant's active secrets, newest first, as the store has them now. */
    static Future<TestWebhookResult> send(WebhookSender sender, SendTestWebhook request, List<String> secrets) {
        OffsetDateTime now = Instant.now().atOffset(ZoneOffset.UTC);
        String body = "{\"event\":\"" + EVENT + "\",\"version\":\"" + WebhookBody.VERSION + "\",\"timestamp\":\""
                + WebhookBody.timestamp(now) + "\",\"data\":{\"merchant_id\":\"" + request.publicId()
                + "\",\"livemode\":"
                + request.livemode() + "}}";
        DueDelivery delivery = new DueDelivery(
                NewIdentifiers.next(),
                request.merchantId(),
                new String(body.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8),
                0,
                0,
                0,
                null,
                now,
                request.webhookUrl(),
                secrets.isEmpty() ? request.webhookSecret() : secrets.get(0),
                secrets.size() > 1 ? secrets.get(1) : null,
                null);
        return sender.attempt(delivery, EVENT)
                .map(result -> new TestWebhookResult(
                        result.statusCode(), result.durationMs(), result.errorKind(), result.responseExcerpt()));
    }
}
