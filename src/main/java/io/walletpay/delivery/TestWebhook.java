package io.walletpay.delivery;

import io.vertx.core.Future;
import io.walletpay.bus.DeliveryMessages.SendTestWebhook;
import io.walletpay.bus.DeliveryMessages.TestWebhookResult;
import io.walletpay.webhook.DueDelivery;
import io.walletpay.webhook.WebhookBody;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;

/**
 * {@code POST /api/merchant/webhooks/test}: one signed {@code webhook.test} event sent at once through the same
 * sender (target guard, headers, signatures), not stored and never retried, so a merchant can check an endpoint.
 */
final class TestWebhook {

    static final String EVENT = "webhook.test";

    private TestWebhook() {}

    static Future<TestWebhookResult> send(WebhookSender sender, SendTestWebhook request) {
        OffsetDateTime now = Instant.now().atOffset(ZoneOffset.UTC);
        String body = "{\"event\":\"" + EVENT + "\",\"version\":\"" + WebhookBody.VERSION + "\",\"timestamp\":\""
                + WebhookBody.timestamp(now) + "\",\"data\":{\"merchant_id\":\"" + request.merchantId() + "\"}}";
        DueDelivery delivery = new DueDelivery(
                UUID.randomUUID(),
                request.merchantId(),
                new String(body.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8),
                0,
                0,
                now,
                request.webhookUrl(),
                request.webhookSecret(),
                null);
        return sender.attempt(delivery, EVENT)
                .map(result -> new TestWebhookResult(
                        result.statusCode(), result.durationMs(), result.errorKind(), result.responseExcerpt()));
    }
}
