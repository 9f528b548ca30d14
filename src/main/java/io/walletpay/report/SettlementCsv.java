package io.walletpay.report;

import java.time.format.DateTimeFormatter;

/**
 * The settlement report as CSV (RFC 4180, CRLF): a header, one row per payment, then a {@code TOTAL} row. Text a
 * merchant chose (the reference) is quoted, and a leading {@code = + - @} is defused, so a spreadsheet never
 * runs it as a formula.
 */
public final class SettlementCsv {

    public static final String HEADER =
            "payment_id,reference_id,provider_transaction_id,completed_at,amount,fees,net_amount";

    private SettlementCsv() {}

    public static String render(SettlementReport report) {
        StringBuilder csv = new StringBuilder(HEADER).append("\r\n");
        for (SettlementReport.Line line : report.payments()) {
            csv.append(line.paymentId())
                    .append(',')
                    .append(field(line.referenceId()))
                    .append(',')
                    .append(field(line.providerTransactionId()))
                    .append(',')
                    .append(DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(
                            line.completedAt().atZoneSameInstant(SettlementReport.ZONE)))
                    .append(',')
                    .append(line.amount().toPlainString())
                    .append(',')
                    .append(line.fees().toPlainString())
                    .append(',')
                    .append(line.netAmount().toPlainString())
                    .append("\r\n");
        }
        csv.append("TOTAL,,,,")
                .append(report.totalAmount().toPlainString())
                .append(',')
                .append(report.totalFees().toPlainString())
                .append(',')
                .append(report.totalNet().toPlainString())
                .append("\r\n");
        return csv.toString();
    }

    static String field(String value) {
        if (value == null) {
            return "";
        }
        String safe = !value.isEmpty() && "=+-@\t\r".indexOf(value.charAt(0)) >= 0 ? "'" + value : value;
        return "\"" + safe.replace("\"", "\"\"") + "\"";
    }
}
