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
