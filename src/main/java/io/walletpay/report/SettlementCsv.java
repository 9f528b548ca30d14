package io.walletpay.report;

import java.time.format.DateTimeFormatter;

/**
 * The settlement report as CSV (RFC 4180, CRLF): a header, one row per payment, one per refund or payout paid that
 * day (money out, negative), then a {@code TOTAL} row per type; the last column says which. Text a merchant chose
 * (the reference) or the provider sent is quoted and {@linkplain SpreadsheetText#defused defused}, so a spreadsheet
 * never runs it as a formula.
 */
public final class SettlementCsv {

    public static final String HEADER =
            "payment_id,reference_id,provider_transaction_id,completed_at,amount,fees,net_amount,type";

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

    static String field(String value) {
        if (value == null) {
            return "";
        }
        return "\"" + SpreadsheetText.defused(value).replace("\"", "\"\"") + "\"";
    }
}
