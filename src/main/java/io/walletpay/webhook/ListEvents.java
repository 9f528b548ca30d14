package io.walletpay.webhook;

import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * Events: {@code type}, {@code createdFrom} (inclusive) and {@code createdBefore} are optional filters.
 * {@code startingAfter} pages on, {@code endingBefore} back (the page just before that event); at most one is set.
 */
public record ListEvents(
        UUID merchantId,
        String type,
        OffsetDateTime createdFrom,
        OffsetDateTime createdBefore,
        int limit,
        UUID startingAfter,
        UUID endingBefore) {

    public ListEvents {
        if (startingAfter != null && endingBefore != null) {
            throw new IllegalArgumentException("page on or back, not both");
        }
    }

    public ListEvents(
            UUID merchantId,
            String type,
            OffsetDateTime createdFrom,
            OffsetDateTime createdBefore,
            int limit,
            UUID startingAfter) {
        this(merchantId, type, createdFrom, createdBefore, limit, startingAfter, null);
    }
}
