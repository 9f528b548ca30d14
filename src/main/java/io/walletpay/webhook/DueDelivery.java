package io.walletpay.webhook;

import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * A delivery claimed for sending: the stored body, where it goes now and with which secrets. {@code attemptsSoFar}
 * counts every attempt ever made; {@code scheduleFrom} is that count when the current retry schedule started;
 * {@code redeliveries} counts how often it was queued again; {@code leaseUntil} is the lease this claim set (null for
 * a test event, which is never recorded); {@code traceparent} is the trace of the request that caused it, when
 * tracing was on (else null).
 */
public record DueDelivery(
        UUID id,
        UUID merchantId,
        String body,
        int attemptsSoFar,
        int scheduleFrom,
        int redeliveries,
        OffsetDateTime leaseUntil,
        OffsetDateTime createdAt,
        String webhookUrl,
        String webhookSecret,
        String previousWebhookSecret,
        String traceparent) {

    /** What its attempt's record is checked against. */
    public DeliveryClaim claim() {
        return new DeliveryClaim(attemptsSoFar, redeliveries, leaseUntil);
    }

    /** The secrets {@code webhook-signature} is made with: the current one, then the previous while it overlaps. */
    public java.util.List<String> activeSecrets() {
        return previousWebhookSecret == null
                ? java.util.List.of(webhookSecret)
                : java.util.List.of(webhookSecret, previousWebhookSecret);
    }

    @Override
    public String toString() {
        return "DueDelivery[id=" + id + ", merchantId=" + merchantId + ", attemptsSoFar=" + attemptsSoFar + "]";
    }
}
