package io.walletpay.bus;

import io.walletpay.webhook.Delivery;
import io.walletpay.webhook.DeliveryStatus;
import io.walletpay.webhook.DueDelivery;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/** Requests about the merchant's webhook delivery log, and their replies. */
public final class DeliveryMessages {

    /** One page of a merchant's deliveries, newest first; null filters match everything. */
    public record ListDeliveries(
            UUID merchantId,
            DeliveryStatus status,
            UUID paymentId,
            OffsetDateTime createdGte,
            OffsetDateTime createdLt,
            int limit,
            UUID startingAfter) {}

    public record DeliveryPage(List<Delivery> deliveries, boolean hasMore) {}

    public record GetDelivery(UUID merchantId, UUID id) {}

    public record AttemptView(
            OffsetDateTime attemptedAt, Integer statusCode, int durationMs, String errorKind, String responseExcerpt) {}

    public record DeliveryDetail(Delivery delivery, String body, List<AttemptView> attempts) {}

    /** Queues the delivery again (same id, fresh schedule); the store then wakes the senders. */
    public record Redeliver(UUID merchantId, UUID id) {}

    /** Queues again every failed delivery of the merchant whose event happened at or after {@code since}. */
    public record RecoverFailed(UUID merchantId, OffsetDateTime since) {}

    public record Recovered(int queued) {}

    /** The merchant's webhook endpoint health; failing after {@code failingAfterHours} without a success. */
    public record GetEndpointHealth(UUID merchantId, int failingAfterHours) {}

    /** Events: {@code type}, {@code createdFrom} (inclusive) and {@code createdBefore} are optional filters. */
    public record ListEvents(
            UUID merchantId,
            String type,
            OffsetDateTime createdFrom,
            OffsetDateTime createdBefore,
            int limit,
            UUID startingAfter) {}

    public record GetEvent(UUID merchantId, UUID id) {}

    /** One event: {@code body} is the webhook body it was sent as. */
    public record EventView(UUID id, String type, UUID paymentId, String body, OffsetDateTime createdAt) {}

    public record EventPage(List<EventView> events, boolean hasMore) {}

    /** Sends a signed test event to the merchant's endpoint now (not recorded); answered by a webhook sender. */
    public record SendTestWebhook(UUID merchantId, String webhookUrl, String webhookSecret) {}

    /** What the merchant's endpoint answered to a test event; {@code errorKind} when there was no HTTP answer. */
    public record TestWebhookResult(Integer statusCode, long durationMs, String errorKind, String responseExcerpt) {}

    /**
     * Deliveries written leased to this JVM's sender, committed: its first attempt, without a claim. The sender
     * owns them until their lease runs out; one it cannot start in time it gives back for claiming.
     */
    public record LeasedDeliveries(List<DueDelivery> deliveries) {}

    /** Publish: deliveries are due now; senders should look without waiting for their next poll. */
    public record DeliveriesDue() {}

    private DeliveryMessages() {}
}
