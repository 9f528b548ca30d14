package io.walletpay.bus;

import io.walletpay.bus.CheckoutMessages.Checkout;
import io.walletpay.bus.CheckoutMessages.CheckoutByPayment;
import io.walletpay.bus.CheckoutMessages.CheckoutByToken;
import io.walletpay.bus.CheckoutMessages.DecideCheckout;
import io.walletpay.bus.DeliveryMessages.DeliveryDetail;
import io.walletpay.bus.DeliveryMessages.DeliveryPage;
import io.walletpay.bus.DeliveryMessages.EventPage;
import io.walletpay.bus.DeliveryMessages.EventView;
import io.walletpay.bus.DeliveryMessages.GetDelivery;
import io.walletpay.bus.DeliveryMessages.GetEndpointHealth;
import io.walletpay.bus.DeliveryMessages.GetEvent;
import io.walletpay.bus.DeliveryMessages.ListDeliveries;
import io.walletpay.bus.DeliveryMessages.ListEvents;
import io.walletpay.bus.DeliveryMessages.RecoverFailed;
import io.walletpay.bus.DeliveryMessages.Recovered;
import io.walletpay.bus.DeliveryMessages.Redeliver;
import io.walletpay.bus.DeliveryMessages.SendTestWebhook;
import io.walletpay.bus.DeliveryMessages.TestWebhookResult;
import io.walletpay.bus.MerchantMessages.CreateMerchant;
import io.walletpay.bus.MerchantMessages.Credentials;
import io.walletpay.bus.MerchantMessages.GetCredentials;
import io.walletpay.bus.MerchantMessages.GetMerchant;
import io.walletpay.bus.MerchantMessages.ListMerchants;
import io.walletpay.bus.MerchantMessages.MerchantPage;
import io.walletpay.bus.MerchantMessages.RotateSecretKey;
import io.walletpay.bus.MerchantMessages.RotateWebhookSecret;
import io.walletpay.bus.MerchantMessages.UpdateMerchant;
import io.walletpay.bus.Messages.Readiness;
import io.walletpay.bus.Messages.ReadinessQuery;
import io.walletpay.bus.PaymentMessages.ClaimIdempotencyKey;
import io.walletpay.bus.PaymentMessages.CreatePayment;
import io.walletpay.bus.PaymentMessages.FlagForReview;
import io.walletpay.bus.PaymentMessages.GetPayment;
import io.walletpay.bus.PaymentMessages.IdempotencyClaim;
import io.walletpay.bus.PaymentMessages.ListPayments;
import io.walletpay.bus.PaymentMessages.PaymentPage;
import io.walletpay.bus.PaymentMessages.ReleaseIdempotencyKey;
import io.walletpay.bus.PaymentMessages.StoredResponse;
import io.walletpay.bus.PaymentMessages.TransitionPayment;
import io.walletpay.bus.SettlementMessages.SettlementDay;
import io.walletpay.merchant.Merchant;
import io.walletpay.payment.Payment;
import io.walletpay.report.SettlementReport;
import io.walletpay.webhook.Delivery;
import io.walletpay.webhook.EndpointHealth;

/**
 * Every event-bus address of the service, in one place: request/reply operations of the stores as typed
 * {@link BusOperation}s, publish-only wake-ups as plain addresses.
 */
public final class Addresses {

    /** Request/reply: the store answers whether the database is reachable and migrated. */
    public static final BusOperation<ReadinessQuery, Readiness> STORE_READINESS =
            BusOperation.of("walletpay.store.readiness", ReadinessQuery.class, Readiness.class);

    /** Publish: a payment left {@code pending}; its webhook outbox row is already committed. A wake-up, not the truth. */
    public static final String PAYMENT_UPDATED = "walletpay.payment.updated";

    /** Request/reply to the merchant store; see {@link MerchantMessages}. */
    public static final BusOperation<CreateMerchant, Merchant> MERCHANT_CREATE =
            BusOperation.of("walletpay.store.merchant.create", CreateMerchant.class, Merchant.class);

    public static final BusOperation<GetMerchant, Merchant> MERCHANT_GET =
            BusOperation.of("walletpay.store.merchant.get", GetMerchant.class, Merchant.class);
    public static final BusOperation<ListMerchants, MerchantPage> MERCHANT_LIST =
            BusOperation.of("walletpay.store.merchant.list", ListMerchants.class, MerchantPage.class);
    public static final BusOperation<UpdateMerchant, Merchant> MERCHANT_UPDATE =
            BusOperation.of("walletpay.store.merchant.update", UpdateMerchant.class, Merchant.class);
    public static final BusOperation<RotateWebhookSecret, Merchant> MERCHANT_ROTATE_WEBHOOK_SECRET = BusOperation.of(
            "walletpay.store.merchant.rotate-webhook-secret", RotateWebhookSecret.class, Merchant.class);
    public static final BusOperation<RotateSecretKey, Merchant> MERCHANT_ROTATE_SECRET_KEY =
            BusOperation.of("walletpay.store.merchant.rotate-secret-key", RotateSecretKey.class, Merchant.class);
    public static final BusOperation<GetCredentials, Credentials> MERCHANT_CREDENTIALS =
            BusOperation.of("walletpay.store.merchant.credentials", GetCredentials.class, Credentials.class);

    /** Request/reply to the payment store; see {@link PaymentMessages}. */
    public static final BusOperation<ClaimIdempotencyKey, IdempotencyClaim> PAYMENT_CLAIM_IDEMPOTENCY_KEY =
            BusOperation.of(
                    "walletpay.store.payment.claim-idempotency-key", ClaimIdempotencyKey.class, IdempotencyClaim.class);

    public static final BusOperation<ReleaseIdempotencyKey, Void> PAYMENT_RELEASE_IDEMPOTENCY_KEY =
            BusOperation.of("walletpay.store.payment.release-idempotency-key", ReleaseIdempotencyKey.class, Void.class);
    public static final BusOperation<CreatePayment, StoredResponse> PAYMENT_CREATE =
            BusOperation.of("walletpay.store.payment.create", CreatePayment.class, StoredResponse.class);
    public static final BusOperation<GetPayment, Payment> PAYMENT_GET =
            BusOperation.of("walletpay.store.payment.get", GetPayment.class, Payment.class);
    public static final BusOperation<ListPayments, PaymentPage> PAYMENT_LIST =
            BusOperation.of("walletpay.store.payment.list", ListPayments.class, PaymentPage.class);
    public static final BusOperation<TransitionPayment, Payment> PAYMENT_TRANSITION =
            BusOperation.of("walletpay.store.payment.transition", TransitionPayment.class, Payment.class);
    public static final BusOperation<FlagForReview, Boolean> PAYMENT_FLAG_FOR_REVIEW =
            BusOperation.of("walletpay.store.payment.flag-for-review", FlagForReview.class, Boolean.class);

    /** Request/reply: one merchant's settlement report of one day; see {@link SettlementMessages}. */
    public static final BusOperation<SettlementDay, SettlementReport> SETTLEMENT_DAY =
            BusOperation.of("walletpay.store.settlement.day", SettlementDay.class, SettlementReport.class);

    /** Request/reply to the checkout reads of the store; see {@link CheckoutMessages}. */
    public static final BusOperation<CheckoutByToken, Checkout> CHECKOUT_BY_TOKEN =
            BusOperation.of("walletpay.store.checkout.by-token", CheckoutByToken.class, Checkout.class);

    public static final BusOperation<CheckoutByPayment, Checkout> CHECKOUT_BY_PAYMENT =
            BusOperation.of("walletpay.store.checkout.by-payment", CheckoutByPayment.class, Checkout.class);

    public static final BusOperation<DecideCheckout, Checkout> CHECKOUT_DECIDE =
            BusOperation.of("walletpay.store.checkout.decide", DecideCheckout.class, Checkout.class);

    /** Request/reply to the delivery log; see {@link DeliveryMessages}. */
    public static final BusOperation<ListDeliveries, DeliveryPage> DELIVERY_LIST =
            BusOperation.of("walletpay.store.delivery.list", ListDeliveries.class, DeliveryPage.class);

    public static final BusOperation<GetDelivery, DeliveryDetail> DELIVERY_GET =
            BusOperation.of("walletpay.store.delivery.get", GetDelivery.class, DeliveryDetail.class);
    public static final BusOperation<Redeliver, Delivery> DELIVERY_REDELIVER =
            BusOperation.of("walletpay.store.delivery.redeliver", Redeliver.class, Delivery.class);
    public static final BusOperation<RecoverFailed, Recovered> DELIVERY_RECOVER =
            BusOperation.of("walletpay.store.delivery.recover", RecoverFailed.class, Recovered.class);

    public static final BusOperation<GetEndpointHealth, EndpointHealth> DELIVERY_ENDPOINT_HEALTH =
            BusOperation.of("walletpay.store.delivery.endpoint-health", GetEndpointHealth.class, EndpointHealth.class);

    /** Request/reply to a webhook sender: send a test event now; see {@link DeliveryMessages}. */
    public static final BusOperation<SendTestWebhook, TestWebhookResult> WEBHOOK_TEST =
            BusOperation.of("walletpay.webhook.test", SendTestWebhook.class, TestWebhookResult.class);

    /** Request/reply to the merchant's events; see {@link DeliveryMessages}. */
    public static final BusOperation<ListEvents, EventPage> EVENT_LIST =
            BusOperation.of("walletpay.store.event.list", ListEvents.class, EventPage.class);

    public static final BusOperation<GetEvent, EventView> EVENT_GET =
            BusOperation.of("walletpay.store.event.get", GetEvent.class, EventView.class);

    /** Publish: deliveries were queued again (redeliver); a wake-up for senders like {@link #PAYMENT_UPDATED}. */
    public static final String DELIVERIES_DUE = "walletpay.deliveries.due";

    /**
     * Send, local only: outbox rows leased to this JVM's webhook sender in the transaction that wrote them, now
     * committed; see {@link DeliveryMessages.LeasedDeliveries}. Where it is used, no {@link #PAYMENT_UPDATED} is
     * published for those rows.
     */
    public static final String DELIVERIES_LEASED = "walletpay.deliveries.leased";

    /** Publish: a merchant changed; every HTTP verticle drops its cached copy. */
    public static final String MERCHANT_CHANGED = "walletpay.merchant.changed";

    private Addresses() {}

    // the merchant portal's aggregates (PortalMessages)
    public static final BusOperation<PortalMessages.Summarize, PortalMessages.Summary> PORTAL_SUMMARIZE =
            BusOperation.of(
                    "walletpay.store.portal.summarize", PortalMessages.Summarize.class, PortalMessages.Summary.class);

    // the audit log (AuditMessages): audited merchant changes, each written with its entry in one transaction
    public static final BusOperation<AuditMessages.AuditedUpdate, Merchant> AUDIT_MERCHANT_UPDATE =
            BusOperation.of("walletpay.store.audit.merchant-update", AuditMessages.AuditedUpdate.class, Merchant.class);
    public static final BusOperation<AuditMessages.AuditedWebhookSecretRotation, Merchant> AUDIT_ROTATE_WEBHOOK_SECRET =
            BusOperation.of(
                    "walletpay.store.audit.rotate-webhook-secret",
                    AuditMessages.AuditedWebhookSecretRotation.class,
                    Merchant.class);
    public static final BusOperation<AuditMessages.AuditedSecretKeyRotation, Merchant> AUDIT_ROTATE_SECRET_KEY =
            BusOperation.of(
                    "walletpay.store.audit.rotate-secret-key",
                    AuditMessages.AuditedSecretKeyRotation.class,
                    Merchant.class);
    public static final BusOperation<AuditMessages.ListAudit, AuditMessages.AuditPage> AUDIT_LIST =
            BusOperation.of("walletpay.store.audit.list", AuditMessages.ListAudit.class, AuditMessages.AuditPage.class);
    public static final BusOperation<AuditMessages.AuditEntry, Void> AUDIT_RECORD =
            BusOperation.of("walletpay.store.audit.record", AuditMessages.AuditEntry.class, Void.class);
}
