package io.walletpay.webhook;

import java.time.OffsetDateTime;
import java.util.UUID;

/** A delivery as the merchant sees it in the delivery log. {@code body} is only filled for a single delivery. */
public record Delivery(
        UUID id,
        UUID paymentId,
        String event,
        DeliveryStatus status,
        int attempts,
        OffsetDateTime nextAttemptAt,
        Integer lastStatusCode,
        String lastError,
        OffsetDateTime createdAt,
        OffsetDateTime updatedAt,
        OffsetDateTime deliveredAt) {}
