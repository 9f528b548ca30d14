package io.walletpay.delivery;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.walletpay.usecase.DeliverWebhook;
import io.walletpay.webhook.AttemptResult;
import io.walletpay.webhook.DeliveryStatus;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Delivery metrics: attempts by outcome, attempt latency, and latency from the event to its 2xx. */
final class WebhookMetrics implements DeliverWebhook.Measurements {

    private final MeterRegistry registry;
    private final Map<String, Counter> attempts = new ConcurrentHashMap<>();
    private final Timer attemptDuration;
    private final Timer eventToDelivered;
    private final Counter handedOver;
    private final Counter claimed;

    WebhookMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.attemptDuration = Timer.builder("walletpay.webhook.attempt.duration")
                .description("Time of one delivery attempt")
                .publishPercentileHistogram()
                .register(registry);
        this.eventToDelivered = Timer.builder("walletpay.webhook.event.to.delivered")
                .description("From the payment's transition to the merchant's 2xx")
                .publishPercentileHistogram()
                .register(registry);
        this.handedOver = started("hand_over", registry);
        this.claimed = started("claim", registry);
    }

    private static Counter started(String via, MeterRegistry registry) {
        return Counter.builder("walletpay.webhook.started")
                .description("Attempts started, by how the sender got the delivery: handed over with the commit"
                        + " that wrote it (its first attempt, on the node that wrote it) or claimed from the outbox")
                .tag("via", via)
                .register(registry);
    }

    /** An attempt starts, of a delivery handed over with its commit or claimed. */
    void started(boolean wasHandedOver) {
        (wasHandedOver ? handedOver : claimed).increment();
    }

    @Override
    public void attempted(AttemptResult result) {
        String outcome = result.nextStatus() == DeliveryStatus.SUCCEEDED
                ? "succeeded"
                : result.error() == null ? "unknown" : result.error().metricTag();
        attempts.computeIfAbsent(outcome, o -> Counter.builder("walletpay.webhook.attempts")
                        .description("Delivery attempts by outcome")
                        .tag("outcome", o)
                        .register(registry))
                .increment();
        attemptDuration.record(Duration.ofMillis(result.durationMs()));
    }

    @Override
    public void delivered(Duration sinceEvent) {
        eventToDelivered.record(sinceEvent);
    }
}
