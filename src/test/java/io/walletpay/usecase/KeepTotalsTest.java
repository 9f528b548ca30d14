package io.walletpay.usecase;

import static io.walletpay.usecase.Done.done;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Keeping the totals of closed days: every day that ended over an hour ago and has nothing pending is closed, in
 * order, and a pending payment stops a merchant's days there.
 */
class KeepTotalsTest {

    // 12:00 UTC is 07:00 in Haiti: December 1st ended more than an hour ago, December 2nd has not
    private final Clock clock = Clock.fixed(Instant.parse("2026-12-02T12:00:00Z"), ZoneOffset.UTC);
    private final InMemoryReportStore reports = new InMemoryReportStore();
    private final KeepTotals totals = new KeepTotals(reports, new InMemoryTransferStore(clock), clock);

    @Test
    void everyDayUpToTheLastEndedOneIsClosedAndTodayIsNot() {
        UUID merchant = UUID.randomUUID();
        reports.payment(merchant, LocalDate.parse("2026-11-20"), false);
        reports.payment(merchant, LocalDate.parse("2026-11-25"), false);
        reports.payment(merchant, LocalDate.parse("2026-12-02"), true);

        int closed = done(totals.closeDays());

        // the two days with payments, then the last closable day (the days between have nothing to keep)
        assertThat(closed).isEqualTo(3);
        assertThat(reports.closedThrough).containsEntry(merchant, LocalDate.parse("2026-12-01"));
        assertThat(done(totals.closeDays())).isZero();
    }

    @Test
    void aDayWithAPendingPaymentStopsItsMerchantThereAndOthersGoOn() {
        UUID waiting = UUID.randomUUID();
        UUID other = UUID.randomUUID();
        reports.payment(waiting, LocalDate.parse("2026-11-20"), false);
        reports.payment(waiting, LocalDate.parse("2026-11-22"), true);
        reports.payment(other, LocalDate.parse("2026-11-21"), false);

        done(totals.closeDays());

        assertThat(reports.closedThrough)
                .containsEntry(waiting, LocalDate.parse("2026-11-20"))
                .containsEntry(other, LocalDate.parse("2026-12-01"));
    }

    @Test
    void aRunComesAtMostOnceAMinute() {
        UUID merchant = UUID.randomUUID();
        reports.payment(merchant, LocalDate.parse("2026-11-20"), false);
        assertThat(done(totals.whenDue())).isEqualTo(2);

        reports.payment(UUID.randomUUID(), LocalDate.parse("2026-11-21"), false);

        assertThat(done(totals.whenDue())).isZero(); // the same minute: not run
        assertThat(reports.closedThrough).hasSize(1);
    }
}
