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
        LocalDate date, List<Line> payments, BigDecimal totalAmount, BigDecimal totalFees, BigDecimal totalNet) {

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

    public SettlementReport {
        payments = List.copyOf(payments);
    }

    /** The report of {@code lines}, totals summed exactly (scale 2). */
    public static SettlementReport of(LocalDate date, List<Line> lines) {
        BigDecimal amount = BigDecimal.ZERO.setScale(2);
        BigDecimal fees = BigDecimal.ZERO.setScale(2);
        BigDecimal net = BigDecimal.ZERO.setScale(2);
        for (Line line : lines) {
            amount = amount.add(line.amount());
            fees = fees.add(line.fees());
            net = net.add(line.netAmount());
        }
        return new SettlementReport(date, lines, amount, fees, net);
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
