package io.walletpay.bus;

/** Every event-bus address of the service, in one place. */
public final class Addresses {

    /** Request/reply: the store answers whether the database is reachable and migrated. */
    public static final String STORE_READINESS = "walletpay.store.readiness";

    /** Publish: a payment left {@code pending}; its webhook outbox row is already committed. A wake-up, not the truth. */
    public static final String PAYMENT_UPDATED = "walletpay.payment.updated";

    /** Request/reply to the merchant store; see {@link MerchantMessages}. */
    public static final String MERCHANT_CREATE = "walletpay.store.merchant.create";

    public static final String MERCHANT_GET = "walletpay.store.merchant.get";
    public static final String MERCHANT_LIST = "walletpay.store.merchant.list";
    public static final String MERCHANT_UPDATE = "walletpay.store.merchant.update";
    public static final String MERCHANT_ROTATE_WEBHOOK_SECRET = "walletpay.store.merchant.rotate-webhook-secret";
    public static final String MERCHANT_CREDENTIALS = "walletpay.store.merchant.credentials";

    /** Request/reply to the payment store; see {@link PaymentMessages}. */
    public static final String PAYMENT_CLAIM_IDEMPOTENCY_KEY = "walletpay.store.payment.claim-idempotency-key";

    public static final String PAYMENT_RELEASE_IDEMPOTENCY_KEY = "walletpay.store.payment.release-idempotency-key";
    public static final String PAYMENT_CREATE = "walletpay.store.payment.create";
    public static final String PAYMENT_GET = "walletpay.store.payment.get";
    public static final String PAYMENT_LIST = "walletpay.store.payment.list";
    public static final String PAYMENT_TRANSITION = "walletpay.store.payment.transition";

    /** Request/reply to the checkout reads of the store; see {@link CheckoutMessages}. */
    public static final String CHECKOUT_BY_TOKEN = "walletpay.store.checkout.by-token";

    public static final String CHECKOUT_BY_PAYMENT = "walletpay.store.checkout.by-payment";

    /** Request/reply to the delivery log; see {@link DeliveryMessages}. */
    public static final String DELIVERY_LIST = "walletpay.store.delivery.list";

    public static final String DELIVERY_GET = "walletpay.store.delivery.get";
    public static final String DELIVERY_REDELIVER = "walletpay.store.delivery.redeliver";
    public static final String DELIVERY_RECOVER = "walletpay.store.delivery.recover";

    /** Request/reply to a webhook sender: send a test event now; see {@link DeliveryMessages}. */
    public static final String WEBHOOK_TEST = "walletpay.webhook.test";

    /** Request/reply to the merchant's events; see {@link DeliveryMessages}. */
    public static final String EVENT_LIST = "walletpay.store.event.list";

    public static final String EVENT_GET = "walletpay.store.event.get";

    /** Publish: deliveries were queued again (redeliver); a wake-up for senders like {@link #PAYMENT_UPDATED}. */
    public static final String DELIVERIES_DUE = "walletpay.deliveries.due";

    /** Publish: a merchant changed; every HTTP verticle drops its cached copy. */
    public static final String MERCHANT_CHANGED = "walletpay.merchant.changed";

    private Addresses() {}
}
