package io.walletpay.bus;

/** Every event-bus address of the service, in one place: wake-ups and the webhook hand-over. */
public final class Addresses {

    /** Publish: a payment left {@code pending}; its webhook outbox row is already committed. A wake-up, not the truth. */
    public static final String PAYMENT_UPDATED = "walletpay.payment.updated";

    /** Publish: deliveries were queued again (redeliver); a wake-up for senders like {@link #PAYMENT_UPDATED}. */
    public static final String DELIVERIES_DUE = "walletpay.deliveries.due";

    /**
     * Send, local only: outbox rows leased to this JVM's webhook sender in the transaction that wrote them, now
     * committed; see {@link WakeUpMessages.LeasedDeliveries}. Where it is used, no {@link #PAYMENT_UPDATED} is
     * published for those rows.
     */
    public static final String DELIVERIES_LEASED = "walletpay.deliveries.leased";

    /** Publish: a merchant changed; every HTTP verticle drops its cached copy. */
    public static final String MERCHANT_CHANGED = "walletpay.merchant.changed";

    private Addresses() {}
}
