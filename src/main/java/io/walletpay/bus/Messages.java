package io.walletpay.bus;

import io.vertx.core.eventbus.EventBus;
import io.walletpay.error.ServiceException;
import java.util.List;
import java.util.UUID;

/** The message records that travel on the event bus, and the registration of their local codec. */
public final class Messages {

    public record ReadinessQuery() {}

    public record Readiness(boolean ready, String detail) {}

    /** A payment changed state; the webhook outbox row is committed. Carries ids only: the rows are the truth. */
    public record PaymentUpdated(UUID paymentId, UUID merchantId, String status) {}

    /** Every class whose nested records travel on the bus. */
    private static final List<Class<?>> GROUPS = List.of(
            Messages.class,
            MerchantMessages.class,
            PaymentMessages.class,
            DeliveryMessages.class,
            CheckoutMessages.class,
            SettlementMessages.class);

    /** Domain records that are replied as they are. */
    private static final List<Class<?>> DOMAIN_REPLIES = List.of(
            ServiceException.class,
            io.walletpay.merchant.Merchant.class,
            io.walletpay.payment.Payment.class,
            io.walletpay.webhook.Delivery.class,
            io.walletpay.report.SettlementReport.class);

    private Messages() {}

    /** Registers the local codec for every message type; idempotent per event bus. */
    public static synchronized void registerCodecs(EventBus bus) {
        DOMAIN_REPLIES.forEach(type -> register(bus, type));
        for (Class<?> group : GROUPS) {
            for (Class<?> type : group.getDeclaredClasses()) {
                if (type.isRecord()) {
                    register(bus, type);
                }
            }
        }
    }

    private static <T> void register(EventBus bus, Class<T> type) {
        try {
            bus.registerDefaultCodec(type, new LocalCodec<>(type));
        } catch (IllegalStateException alreadyRegistered) {
            // a second Application on the same Vertx (tests) registers the same codecs again
        }
    }
}
