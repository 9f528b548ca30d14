package io.walletpay.bus;

import io.vertx.core.eventbus.EventBus;
import io.walletpay.webhook.DueDelivery;
import java.util.List;
import java.util.UUID;

/**
 * What travels on the event bus: wake-ups (published, crossing nodes when clustered) and the hand-over of freshly
 * committed webhook rows to this JVM's sender. They carry ids or rows the database already holds; the database
 * stays the truth.
 */
public final class WakeUpMessages {

    /** A payment changed state; the webhook outbox row is committed. */
    public record PaymentUpdated(UUID paymentId, UUID merchantId, String status) {}

    /** A merchant changed, so caches of merchants drop their copy. */
    public record MerchantChanged(UUID id) {}

    /** Deliveries are due now; senders should look without waiting for their next poll. */
    public record DeliveriesDue() {}

    /**
     * Deliveries written leased to this JVM's sender, committed: its first attempt, without a claim. The sender
     * owns them until their lease runs out; one it cannot start in time it gives back for claiming.
     */
    public record LeasedDeliveries(List<DueDelivery> deliveries) {}

    private static final LocalCodec<Object> CODEC = new LocalCodec<>("walletpay-local");
    private static final WakeUpCodec WAKE_UP = new WakeUpCodec();

    private WakeUpMessages() {}

    /**
     * Registers the codecs and selects them: wake-ups get their wire form, the hand-over travels by reference.
     * Idempotent per bus.
     */
    public static synchronized void registerCodecs(EventBus bus) {
        try {
            bus.registerCodec(CODEC);
        } catch (IllegalStateException alreadyRegistered) {
            // a second Application on the same Vertx (tests) registers the codec again
        }
        try {
            bus.registerCodec(WAKE_UP);
        } catch (IllegalStateException alreadyRegistered) {
            // as above
        }
        bus.codecSelector(WakeUpMessages::codecFor);
    }

    private static String codecFor(Object body) {
        if (WakeUpCodec.handles(body)) {
            return WakeUpCodec.NAME; // published wake-ups cross nodes when clustered
        }
        return body instanceof LeasedDeliveries ? CODEC.name() : null;
    }
}
