package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.webhook.AttemptResult;
import io.walletpay.webhook.DeliveryClaim;
import io.walletpay.webhook.DeliveryStatus;
import io.walletpay.webhook.DueDelivery;
import java.time.Duration;
import java.time.OffsetDateTime;

/**
 * Delivering a webhook, the last step of a payment's flow, for one claimed delivery: one signed attempt at the merchant's
 * endpoint, counted, then its outcome recorded (delivered, or the next attempt scheduled, or given up). Claiming
 * what is due and how many attempts run at once is the sender verticle's business; what one attempt means is here.
 * An outcome that cannot be recorded fails the future: the delivery's lease brings it back, so nothing is lost.
 */
public final class DeliverWebhook {

    /** Sends one signed attempt; never fails (a transport failure is an outcome). */
    @FunctionalInterface
    public interface Endpoint {
        Future<AttemptResult> attempt(DueDelivery delivery);
    }

    /** Writes an attempt's outcome to the delivery log and schedules what comes next. */
    @FunctionalInterface
    public interface DeliveryLog {
        Future<Void> record(AttemptResult result, DeliveryClaim claim);
    }

    /** Counts attempts by outcome and the event-to-delivery latency of delivered ones. */
    public interface Measurements {
        void attempted(AttemptResult result);

        void delivered(Duration sinceEvent);
    }

    private final Endpoint endpoint;
    private final DeliveryLog log;
    private final Measurements measurements;

    public DeliverWebhook(Endpoint endpoint, DeliveryLog log, Measurements measurements) {
        this.endpoint = endpoint;
        this.log = log;
        this.measurements = measurements;
    }

    public Future<Void> deliver(DueDelivery delivery) {
        return endpoint.attempt(delivery).compose(result -> {
            measurements.attempted(result);
            if (result.nextStatus() == DeliveryStatus.SUCCEEDED) {
                measurements.delivered(Duration.between(delivery.createdAt(), OffsetDateTime.now()));
            }
            return log.record(result, delivery.claim());
        });
    }
}
