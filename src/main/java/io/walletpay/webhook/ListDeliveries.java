package io.walletpay.webhook;

import java.time.OffsetDateTime;
import java.util.UUID;

/** One page of a merchant's deliveries, newest first; null filters match everything. */
public record ListDeliveries(
        UUID merchantId,
        DeliveryStatus status,
        UUID paymentId,
        OffsetDateTime createdGte,
        OffsetDateTime createdLt,
        int limit,
        UUID startingAfter) {}
