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
        String errorKind,
        String responseExcerpt,
        DeliveryStatus nextStatus,
        Duration retryIn) {}
