package io.walletpay.webhook;

import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * One page of a merchant's deliveries, newest first; null filters match everything. {@code startingAfter} pages on,
 * {@code endingBefore} back (the page just before that delivery); at most one is set.
 */
public record ListDeliveries(
        UUID merchantId,
        DeliveryStatus status,
        UUID paymentId,
        OffsetDateTime createdGte,
        OffsetDateTime createdLt,
        int limit,
        UUID startingAfter,
        UUID endingBefore) {

    public ListDeliveries {
        if (startingAfter != null && endingBefore != null) {
            throw new IllegalArgumentException("page on or back, not both");
        }
    }

    public ListDeliveries(
            UUID merchantId,
            DeliveryStatus status,
            UUID paymentId,
            OffsetDateTime createdGte,
            OffsetDateTime createdLt,
            int limit,
            UUID startingAfter) {
        this(merchantId, status, paymentId, createdGte, createdLt, limit, startingAfter, null);
    }
}
