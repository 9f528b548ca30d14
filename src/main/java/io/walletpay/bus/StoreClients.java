package io.walletpay.bus;

import io.vertx.core.Future;
import io.vertx.core.eventbus.EventBus;
import io.walletpay.bus.Messages.Readiness;
import io.walletpay.bus.Messages.ReadinessQuery;
import io.walletpay.bus.SettlementMessages.SettlementDay;
import io.walletpay.report.SettlementReport;
import java.time.LocalDate;
import java.util.UUID;

/**
 * Every store's bus API as typed, future-returning clients, built the one way: each client method sends its
 * {@link BusOperation} through {@link BusCalls}, so a reply arrives as the operation's type (no casts at call sites)
 * and a store failure as the same {@code ServiceException} the store raised. Use cases, routes and verticles hold
 * one of these; only these clients call {@link BusCalls#request}.
 */
public record StoreClients(
        MerchantStoreClient merchants,
        PaymentStoreClient payments,
        CheckoutStoreClient checkouts,
        DeliveryStoreClient deliveries,
        BusCalls bus) {

    /** Clients over {@code bus} whose requests fail with 503 after {@code timeoutMs}. */
    public static StoreClients over(EventBus bus, long timeoutMs) {
        return over(new BusCalls(bus, timeoutMs));
    }

    public static StoreClients over(BusCalls bus) {
        return new StoreClients(
                new MerchantStoreClient(bus),
                new PaymentStoreClient(bus),
                new CheckoutStoreClient(bus),
                new DeliveryStoreClient(bus),
                bus);
    }

    /** Whether the store reaches a migrated database. */
    public Future<Readiness> readiness() {
        return bus.request(Addresses.STORE_READINESS, new ReadinessQuery());
    }

    /** One merchant's counts and volumes by status, and daily volume, between {@code from} and {@code to}. */
    public Future<PortalMessages.Summary> summarize(
            UUID merchantId, java.time.OffsetDateTime from, java.time.OffsetDateTime to) {
        return bus.request(Addresses.PORTAL_SUMMARIZE, new PortalMessages.Summarize(merchantId, from, to));
    }

    /** One merchant's settlement report of one day (Haiti time). */
    public Future<SettlementReport> settlementDay(UUID merchantId, LocalDate date) {
        return bus.request(Addresses.SETTLEMENT_DAY, new SettlementDay(merchantId, date));
    }
}
