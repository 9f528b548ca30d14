package io.walletpay.webhook;

import java.time.OffsetDateTime;
import java.util.UUID;

/** Events: {@code type}, {@code createdFrom} (inclusive) and {@code createdBefore} are optional filters. */
public record ListEvents(
        UUID merchantId,
        String type,
        OffsetDateTime createdFrom,
        OffsetDateTime createdBefore,
        int limit,
        UUID startingAfter) {}
