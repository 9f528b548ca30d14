package io.walletpay.bus;

import io.vertx.core.eventbus.EventBus;
import io.walletpay.error.ServiceException;
import java.util.UUID;

/** The message records that travel on the event bus, and the registration of their local codec. */
public final class Messages {

    public record ReadinessQuery() {}

    public record Readiness(boolean ready, String detail) {}

    /** A payment changed state; the webhook outbox row is committed. Carries ids only: the rows are the truth. */
    public record PaymentUpdated(UUID paymentId, UUID merchantId, String status) {}

    private static final LocalCodec<Object> CODEC = new LocalCodec<>("walletpay-local");
    private static final WakeUpCodec WAKE_UP = new WakeUpCodec();

    private Messages() {}

    /**
     * Registers the one local codec and selects it for every object of the service's own packages (messages,
     * domain records, {@link ServiceException}): they travel by reference, never copied. Idempotent per bus.
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
        bus.codecSelector(Messages::codecFor);
    }

    private static String codecFor(Object body) {
        if (WakeUpCodec.handles(body)) {
            return WakeUpCodec.NAME; // published wake-ups cross nodes when clustered
        }
        return body != null && body.getClass().getName().startsWith("io.walletpay.") ? CODEC.name() : null;
    }
}
