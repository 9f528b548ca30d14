package io.walletpay.report;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.zone.ZoneRules;

/**
 * The settlement report as CSV (RFC 4180, CRLF): a header, one row per payment, one per refund or payout paid that
 * day (money out, negative), then a {@code TOTAL} row per type; the last column says which. Text a merchant chose
 * (the reference) or the provider sent is quoted and {@linkplain SpreadsheetText#defused defused}, so a spreadsheet
 * never runs it as a formula.
 */
public final class SettlementCsv {

    public static final String HEADER =
            "payment_id,reference_id,provider_transaction_id,completed_at,amount,fees,net_amount,type";

    private static final ZoneRules HAITI = SettlementReport.ZONE.getRules();

    private SettlementCsv() {}

    public static String render(SettlementReport report) {
        StringBuilder csv = new StringBuilder(HEADER).append("\r\n");
        for (SettlementReport.Line line : report.payments()) {
            csv.append(line.paymentId())
                    .append(',')
                    .append(field(line.referenceId()))
                    .append(',')
                    .append(field(line.providerTransactionId()))
                    .append(',');
            haitiTime(csv, line.completedAt());
            csv.append(',')
                    .append(line.amount().toPlainString())
                    .append(',')
                    .append(line.fees().toPlainString())
                    .append(',')
                    .append(line.netAmount().toPlainString())
                    .append(",payment\r\n");
        }
        // money out: the refunded payment (none for a payout), the transfer's id, what left the account
        for (SettlementReport.Outgoing transfer : report.transfers()) {
            String out = transfer.amount().negate().toPlainString();
            csv.append(transfer.paymentId() == null ? "" : transfer.paymentId().toString())
                    .append(',')
                    .append(field(transfer.id().toString()))
                    .append(',')
                    .append(field(transfer.providerTransactionId()))
                    .append(',')
                    .append(DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(
                            transfer.settledAt().atZoneSameInstant(SettlementReport.ZONE)))
                    .append(',')
                    .append(out)
                    .append(",0.00,")
                    .append(out)
                    .append(',')
                    .append(transfer.type())
                    .append("\r\n");
        }
        csv.append("TOTAL,,,,")
                .append(report.totalAmount().toPlainString())
                .append(',')
                .append(report.totalFees().toPlainString())
                .append(',')
                .append(report.totalNet().toPlainString())
                .append(",payment\r\n");
        if (!report.transfers().isEmpty()) {
            total(csv, report.totalRefunded(), "refund");
            total(csv, report.totalPaidOut(), "payout");
        }
        return csv.toString();
    }

    private static void total(StringBuilder csv, java.math.BigDecimal amount, String type) {
        String out = amount.negate().toPlainString();
        csv.append("TOTAL,,,,")
                .append(out)
                .append(",0.00,")
                .append(out)
                .append(',')
                .append(type)
                .append("\r\n");
    }

    /**
     * {@code at} in Haiti as {@link DateTimeFormatter#ISO_OFFSET_DATE_TIME} writes it (seconds always, the fraction
     * only when there is one and without its trailing zeros, the offset as -05:00), written by hand: the formatter
     * took most of the time of a day's CSV of tens of thousands of payments.
     */
    static void haitiTime(StringBuilder out, OffsetDateTime at) {
        Instant instant = at.toInstant();
        ZoneOffset offset = HAITI.getOffset(instant);
        LocalDateTime local = LocalDateTime.ofEpochSecond(instant.getEpochSecond(), instant.getNano(), offset);
        out.append(local.getYear()).append('-');
        twoDigits(out, local.getMonthValue());
        out.append('-');
        twoDigits(out, local.getDayOfMonth());
        out.append('T');
        twoDigits(out, local.getHour());
        out.append(':');
        twoDigits(out, local.getMinute());
        out.append(':');
        twoDigits(out, local.getSecond());
        int nano = local.getNano();
        if (nano != 0) {
            String digits = Integer.toString(1_000_000_000 + nano).substring(1);
            int end = digits.length();
            while (digits.charAt(end - 1) == '0') {
                end--;
            }
            out.append('.').append(digits, 0, end);
        }
        out.append(offset.getId());
    }

    private static void twoDigits(StringBuilder out, int value) {
        out.append((char) ('0' + value / 10)).append((char) ('0' + value % 10));
    }

    static String field(String value) {
        if (value == null) {
            return "";
        }
        return "\"" + SpreadsheetText.defused(value).replace("\"", "\"\"") + "\"";
    }
}
