package io.walletpay.bus;

import java.time.LocalDate;
import java.util.UUID;

/** Requests for reconciliation reports; the reply is a {@link io.walletpay.report.SettlementReport}. */
public final class SettlementMessages {

    /** One merchant's completed payments of one day in Haiti. */
    public record SettlementDay(UUID merchantId, LocalDate date) {}

    private SettlementMessages() {}
}
