package io.walletpay.store;

/**
 * Every store as its callers use it: plain Java interfaces whose calls run on the store verticle that owns the
 * connections (see {@link StoreCalls}). Routes, use cases and verticles hold one of these.
 */
public record Stores(
        MerchantStore merchants,
        AuditStore audit,
        PaymentStore payments,
        CheckoutStore checkouts,
        PaymentExpiryStore expiry,
        DeliveryStore deliveries,
        ReportStore reports,
        DatabaseHealth health,
        PaymentLinkStore links,
        PortalSessionStore portalSessions,
        ProviderOrderStore providerOrders,
        TransferStore transfers,
        BooksStore books,
        EndpointStore endpoints,
        ApiKeyStore keys,
        RetentionStore retention,
        PersonStore people) {}
