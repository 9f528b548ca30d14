package io.walletpay.bus;

import io.walletpay.webhook.Delivery;
import io.walletpay.webhook.DeliveryStatus;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/** Requests about the merchant's webhook delivery log, and their replies. */
public final class DeliveryMessages {

    public record ListDeliveries(
            UUID merchantId, DeliveryStatus status, UUID paymentId, int limit, UUID startingAfter) {}

    public record DeliveryPage(List<Delivery> deliveries, boolean hasMore) {}

    public record GetDelivery(UUID merchantId, UUID id) {}

    public record AttemptView(
            OffsetDateTime attemptedAt, Integer statusCode, int durationMs, String errorKind, String responseExcerpt) {}

    public record DeliveryDetail(Delivery delivery, String body, List<AttemptView> attempts) {}

    /** Queues the delivery again (same id, fresh schedule); the store then wakes the senders. */
    public record Redeliver(UUID merchantId, UUID id) {}

    /** Publish: deliveries are due now; senders should look without waiting for their next poll. */
    public record DeliveriesDue() {}

    private DeliveryMessages() {}
}
