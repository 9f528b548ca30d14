package io.walletpay.webhook;

import java.time.OffsetDateTime;

/** One attempt of a delivery as the merchant reads it: when, the endpoint's answer, how long it took. */
public record AttemptView(
        OffsetDateTime attemptedAt, Integer statusCode, int durationMs, String errorKind, String responseExcerpt) {}
