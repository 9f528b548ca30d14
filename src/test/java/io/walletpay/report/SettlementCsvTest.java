package io.walletpay.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SettlementCsvTest {

    private static final UUID ID = UUID.fromString("0b8e3f4a-6c2d-4e1f-9a7b-3c5d2e1f0a9b");

    @Test
    void oneRowPerPaymentThenTheTotalsInHaitianTime() {
        SettlementReport report = SettlementReport.of(
                LocalDate.parse("2026-07-01"),
                List.of(new SettlementReport.Line(
                        ID,
                        "order-1",
                        "2155000001",
                        OffsetDateTime.parse("2026-07-01T16:30:00Z"),
                        new BigDecimal("2500.00"),
                        new BigDecimal("67.50"),
                        new BigDecimal("2432.50"))));

        assertThat(SettlementCsv.render(report))
                .isEqualTo(SettlementCsv.HEADER + "\r\n"
                        + ID + ",\"order-1\",\"2155000001\",2026-07-01T12:30:00-04:00,2500.00,67.50,2432.50,payment\r\n"
                        + "TOTAL,,,,2500.00,67.50,2432.50,payment\r\n");
    }

    @Test
    void refundsAndPayoutsPaidThatDayFollowAsMoneyOutWithTheirOwnTotals() {
        UUID refund = UUID.fromString("11111111-2222-4333-8444-555555555555");
        UUID payout = UUID.fromString("66666666-7777-4888-9999-aaaaaaaaaaaa");
        SettlementReport report = SettlementReport.of(
                LocalDate.of(2026, 7, 1),
                List.of(),
                List.of(
                        new SettlementReport.Outgoing(
                                refund,
                                "refund",
                                ID,
                                "2155000009",
                                OffsetDateTime.parse("2026-07-01T17:00:00Z"),
                                new BigDecimal("300.00")),
                        new SettlementReport.Outgoing(
                                payout,
                                "payout",
                                null,
                                "2155000010",
                                OffsetDateTime.parse("2026-07-01T18:00:00Z"),
                                new BigDecimal("1200.50"))));

        assertThat(SettlementCsv.render(report))
                .isEqualTo(SettlementCsv.HEADER + "\r\n"
                        + ID + ",\"" + refund
                        + "\",\"2155000009\",2026-07-01T13:00:00-04:00,-300.00,0.00,-300.00,refund\r\n"
                        + ",\"" + payout
                        + "\",\"2155000010\",2026-07-01T14:00:00-04:00,-1200.50,0.00,-1200.50,payout\r\n"
                        + "TOTAL,,,,0.00,0.00,0.00,payment\r\n"
                        + "TOTAL,,,,-300.00,0.00,-300.00,refund\r\n"
                        + "TOTAL,,,,-1200.50,0.00,-1200.50,payout\r\n");
        assertThat(report.totalRefunded()).isEqualByComparingTo("300.00");
        assertThat(report.totalPaidOut()).isEqualByComparingTo("1200.50");
    }

    @Test
    void merchantTextIsQuotedAndCannotRunAsASpreadsheetFormula() {
        assertThat(SettlementCsv.field("=HYPERLINK(\"x\")")).isEqualTo("\"'=HYPERLINK(\"\"x\"\")\"");
        assertThat(SettlementCsv.field("+1")).isEqualTo("\"'+1\"");
        assertThat(SettlementCsv.field("-1")).isEqualTo("\"'-1\"");
        assertThat(SettlementCsv.field("@a")).isEqualTo("\"'@a\"");
        assertThat(SettlementCsv.field(" =1+1")).isEqualTo("\"' =1+1\"");
        assertThat(SettlementCsv.field("\uFF1D1+1")).isEqualTo("\"'\uFF1D1+1\"");
        assertThat(SettlementCsv.field("a,b")).isEqualTo("\"a,b\"");
        assertThat(SettlementCsv.field(null)).isEmpty();
    }

    @Test
    void timesAreWrittenAsTheIsoFormatterWritesThemInHaiti() {
        java.util.Random random = new java.util.Random(42);
        for (int i = 0; i < 200_000; i++) {
            int nanos =
                    switch (i % 4) {
                        case 0 -> 0;
                        case 1 -> random.nextInt(1000) * 1_000_000;
                        case 2 -> random.nextInt(1_000_000) * 1000;
                        default -> random.nextInt(1_000_000_000);
                    };
            // 2017 to 2030, daylight saving changes included
            OffsetDateTime at = OffsetDateTime.ofInstant(
                    java.time.Instant.ofEpochSecond(1_500_000_000L + random.nextInt(400_000_000), nanos),
                    java.time.ZoneOffset.UTC);
            StringBuilder written = new StringBuilder();
            SettlementCsv.haitiTime(written, at);
            assertThat(written.toString())
                    .isEqualTo(java.time.format.DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(
                            at.atZoneSameInstant(SettlementReport.ZONE)));
        }
    }

    @Test
    void theDayIsHaitisIncludingDaylightSavingTime() {
        assertThat(SettlementReport.dayStart(LocalDate.parse("2026-01-15")))
                .isEqualTo(OffsetDateTime.parse("2026-01-15T00:00:00-05:00"));
        assertThat(SettlementReport.dayStart(LocalDate.parse("2026-07-15")))
                .isEqualTo(OffsetDateTime.parse("2026-07-15T00:00:00-04:00"));
        assertThat(SettlementReport.of(LocalDate.parse("2026-07-15"), List.of()).totalAmount())
                .isEqualTo(new BigDecimal("0.00"));
    }
}
