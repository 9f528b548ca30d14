package io.walletpay.report;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.UUID;

/**
 * One merchant's settlement report of one day: every payment completed on that calendar day in Haiti
 * (America/Port-au-Prince, which keeps daylight saving time), with the provider's transaction id to reconcile it
 * against the MonCash business statement, and the totals.
 */
public record SettlementReport(
        LocalDate date,
        List<Line> payments,
        BigDecimal totalAmount,
        BigDecimal totalFees,
        BigDecimal totalNet,
        List<Outgoing> transfers,
        BigDecimal totalRefunded,
        BigDecimal totalPaidOut) {

    /** The business day of the report: Haiti's. */
    public static final ZoneId ZONE = ZoneId.of("America/Port-au-Prince");

    /** One completed payment. */
    public record Line(
            UUID paymentId,
            String referenceId,
            String providerTransactionId,
            OffsetDateTime completedAt,
            BigDecimal amount,
            BigDecimal fees,
            BigDecimal netAmount) {}

    /**
     * A refund ({@code type} {@code refund}, with its {@code paymentId}) or a payout ({@code payout}) the provider paid
     * that day: money that left the wallet account.
     */
    public record Outgoing(
            UUID id,
            String type,
            UUID paymentId,
            String providerTransactionId,
            OffsetDateTime settledAt,
            BigDecimal amount) {}

    public SettlementReport {
        payments = List.copyOf(payments);
        transfers = List.copyOf(transfers);
    }

    /** The report of {@code lines} and no money out. */
    public static SettlementReport of(LocalDate date, List<Line> lines) {
        return of(date, lines, List.of());
    }

    /** The report of {@code lines} and {@code transfers}, totals summed exactly (scale 2). */
    public static SettlementReport of(LocalDate date, List<Line> lines, List<Outgoing> transfers) {
        BigDecimal refunded = BigDecimal.ZERO.setScale(2);
        BigDecimal paidOut = BigDecimal.ZERO.setScale(2);
        for (Outgoing transfer : transfers) {
            if (transfer.type().equals("refund")) {
                refunded = refunded.add(transfer.amount());
            } else {
                paidOut = paidOut.add(transfer.amount());
            }
        }
        BigDecimal amount = BigDecimal.ZERO.setScale(2);
        BigDecimal fees = BigDecimal.ZERO.setScale(2);
        BigDecimal net = BigDecimal.ZERO.setScale(2);
        for (Line line : lines) {
            amount = amount.add(line.amount());
            fees = fees.add(line.fees());
            net = net.add(line.netAmount());
        }
        return new SettlementReport(date, lines, amount, fees, net, transfers, refunded, paidOut);
    }

    /** The first instant of {@code date} in Haiti. */
    public static OffsetDateTime dayStart(LocalDate date) {
        return date.atStartOfDay(ZONE).toOffsetDateTime();
    }

    /** The first instant after {@code date} in Haiti (a day may be 23 or 25 hours long). */
    public static OffsetDateTime dayEnd(LocalDate date) {
        return date.plusDays(1).atStartOfDay(ZONE).toOffsetDateTime();
    }
}
