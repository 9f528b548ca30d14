package io.walletpay.delivery;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.walletpay.config.AppConfig;
import io.walletpay.store.DeliveryStore;
import java.util.UUID;

/**
 * Sends a merchant's test event at once from the node that was asked ({@code POST /api/merchant/webhooks/test},
 * the portal's Send test button), through a sender of its own with the same guard, headers and signatures as every
 * delivery, so an API node without webhook senders can test too.
 */
public final class WebhookTester {

    /** Sends a signed test event to {@code webhookUrl} now; not recorded, never retried. */
    /** {@code merchantId} is the row the secrets are read from, {@code publicId} the id the body names. */
    public record SendTestWebhook(
            UUID merchantId, String webhookUrl, String webhookSecret, UUID publicId, boolean livemode) {

        /** A live merchant's test webhook. */
        public SendTestWebhook(UUID merchantId, String webhookUrl, String webhookSecret) {
            this(merchantId, webhookUrl, webhookSecret, merchantId, true);
        }
    }

    /** What the merchant's endpoint answered to a test event; {@code errorKind} when there was no HTTP answer. */
    public record TestWebhookResult(Integer statusCode, long durationMs, String errorKind, String responseExcerpt) {}

    private final WebhookSender sender;
    private final DeliveryStore deliveries;

    public WebhookTester(Vertx vertx, AppConfig config, DeliveryStore deliveries) {
        this.sender = new WebhookSender(vertx, config);
        this.deliveries = deliveries;
    }

    /** Signed with every active secret of the merchant, as a real delivery is. */
    public Future<TestWebhookResult> send(SendTestWebhook request) {
        return deliveries
                .activeSecrets(request.merchantId())
                .compose(secrets -> TestWebhook.send(sender, request, secrets));
    }

    public Future<Void> close() {
        return sender.close();
    }
}
