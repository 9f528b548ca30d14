package io.walletpay.webhook;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/**
 * What one attempt did, and what happens next: {@code nextStatus} is pending (with {@code retryIn}), succeeded
 * or failed. Recorded with the attempt row in one transaction.
 */
public record AttemptResult(
        UUID deliveryId,
        Instant attemptedAt,
        Integer statusCode,
        long durationMs,
        AttemptError error,
        String responseExcerpt,
        DeliveryStatus nextStatus,
        Duration retryIn) {

    /** The error as stored and shown ({@code error_kind}); null when the attempt delivered. */
    public String errorKind() {
        return error == null ? null : error.wireName(statusCode);
    }
}
