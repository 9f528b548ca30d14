package io.walletpay.store;

import static io.walletpay.store.StoreTestSupport.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.sqlclient.SqlConnection;
import io.walletpay.report.DayTotal;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.TestMerchants;
import io.walletpay.usecase.KeepTotals;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The overview's days on the real PostgreSQL: a day that ended and has no pending payment is summed once and read
 * from its kept totals after, with the same figures as when it was summed from its payments; a day with a pending
 * payment waits, and the days after it with it; a day is never kept twice; the days not yet closed and today are
 * summed from the payments.
 */
@BehaviourTest
class ReportDaysTest {

    /** 15:00 in Port-au-Prince on 25 November 2026 (UTC−5): the last closable day is the 24th. */
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-25T20:00:00Z"), ZoneOffset.UTC);

    private static final LocalDate TODAY = LocalDate.of(2026, 11, 25);

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    private Database database;
    private SqlConnection connection;
    private PgReportStore reports;
    private KeepTotals close;
    private final UUID merchant = UUID.randomUUID();
    private int payments;

    @BeforeEach
    void openDatabase() throws Exception {
        database = fixture.database("report-days-test");
        connection = await(database.transactions().getConnection());
        reports = new PgReportStore(database);
        close = new KeepTotals(reports, new PgTransferStore(database, WakeUps.NONE), CLOCK);
        await(TestMerchants.row(merchant).insert(connection));
    }

    @AfterEach
    void closeDatabase() throws Exception {
        await(connection.close());
        await(database.close());
    }

    @Test
    void closedDaysAreReadFromTheirKeptTotalsWithTheSameFigures() throws Exception {
        pay(TODAY.minusDays(10), "completed", "100.00", 3);
        pay(TODAY.minusDays(10), "expired", "40.00", 2);
        pay(TODAY.minusDays(3), "completed", "25.50", 4);
        pay(TODAY.minusDays(3), "failed", "10.00", 1);
        pay(TODAY.minusDays(1), "cancelled", "7.25", 2);
        pay(TODAY, "completed", "12.00", 5);
        pay(TODAY, "pending", "9.00", 1);
        List<DayTotal> fromPayments = await(reports.dailyTotals(merchant, TODAY.minusDays(29), TODAY));

        assertThat(await(close.closeDays())).isEqualTo(3); // the 15th, the 22nd and the 24th

        assertThat(closedThrough()).isEqualTo(TODAY.minusDays(1));
        assertThat(count("SELECT count(*) FROM report_day_totals WHERE merchant_id = '" + merchant + "'"))
                .isEqualTo(5);
        assertThat(await(reports.dailyTotals(merchant, TODAY.minusDays(29), TODAY)))
                .isEqualTo(fromPayments)
                .contains(new DayTotal(
                        TODAY.minusDays(10), "completed", 3, amount("300.00"), amount("0.00"), amount("300.00")))
                .contains(new DayTotal(TODAY, "completed", 5, amount("60.00"), amount("0.00"), amount("60.00")));
        // a period starting after the closed days, and one ending inside them
        assertThat(await(reports.dailyTotals(merchant, TODAY, TODAY)))
                .extracting(DayTotal::status)
                .containsExactly("completed", "pending");
        assertThat(await(reports.dailyTotals(merchant, TODAY.minusDays(10), TODAY.minusDays(4))))
                .extracting(DayTotal::status)
                .containsExactly("completed", "expired");

        pay(TODAY, "completed", "1.00", 1); // today's payments keep being summed as they come
        assertThat(await(reports.dailyTotals(merchant, TODAY, TODAY)).get(0).count())
                .isEqualTo(6);
        assertThat(await(close.closeDays())).isZero();
    }

    @Test
    void aDayWithAPendingPaymentWaitsAndTheDaysAfterItWithIt() throws Exception {
        pay(TODAY.minusDays(5), "completed", "10.00", 2);
        String pending = pay(TODAY.minusDays(4), "pending", "20.00", 1);
        pay(TODAY.minusDays(2), "completed", "30.00", 1);

        assertThat(await(close.closeDays())).isEqualTo(1);
        assertThat(closedThrough()).isEqualTo(TODAY.minusDays(5));
        assertThat(await(reports.dailyTotals(merchant, TODAY.minusDays(29), TODAY)))
                .extracting(DayTotal::day, DayTotal::status)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(TODAY.minusDays(5), "completed"),
                        org.assertj.core.groups.Tuple.tuple(TODAY.minusDays(4), "pending"),
                        org.assertj.core.groups.Tuple.tuple(TODAY.minusDays(2), "completed"));

        run("UPDATE payments SET status = 'expired', updated_at = now() WHERE id = '" + pending + "'");
        assertThat(await(close.closeDays())).isEqualTo(3);
        assertThat(closedThrough()).isEqualTo(TODAY.minusDays(1));
        assertThat(await(reports.dailyTotals(merchant, TODAY.minusDays(29), TODAY)))
                .extracting(DayTotal::day, DayTotal::status, DayTotal::count)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(TODAY.minusDays(5), "completed", 2L),
                        org.assertj.core.groups.Tuple.tuple(TODAY.minusDays(4), "expired", 1L),
                        org.assertj.core.groups.Tuple.tuple(TODAY.minusDays(2), "completed", 1L));
    }

    @Test
    void aDayIsKeptOnceWhenTwoNodesCloseIt() throws Exception {
        pay(TODAY.minusDays(3), "completed", "10.00", 2);

        assertThat(await(reports.closeDay(merchant, TODAY.minusDays(3), null))).isTrue();
        assertThat(await(reports.closeDay(merchant, TODAY.minusDays(3), null))).isFalse();
        assertThat(await(reports.closeDay(merchant, TODAY.minusDays(2), TODAY.minusDays(4))))
                .isFalse();

        assertThat(closedThrough()).isEqualTo(TODAY.minusDays(3));
        assertThat(await(reports.dailyTotals(merchant, TODAY.minusDays(29), TODAY)))
                .containsExactly(new DayTotal(
                        TODAY.minusDays(3), "completed", 2, amount("20.00"), amount("0.00"), amount("20.00")));
    }

    @Test
    void aMerchantWithoutPaymentsIsClosedUpToTheLastClosableDay() throws Exception {
        assertThat(await(close.closeDays())).isEqualTo(1);
        assertThat(closedThrough()).isEqualTo(TODAY.minusDays(1));
        assertThat(await(reports.behind(TODAY.minusDays(1), 10)))
                .noneMatch(behind -> behind.merchantId().equals(merchant));
        assertThat(await(reports.dailyTotals(merchant, TODAY.minusDays(29), TODAY)))
                .isEmpty();
    }

    /** {@code count} payments of {@code amount} created at 10:00 in Haiti on {@code day}; the last one's id. */
    private String pay(LocalDate day, String status, String amount, int count) throws Exception {
        String id = null;
        for (int i = 0; i < count; i++) {
            id = UUID.randomUUID().toString();
            payments++;
            run("INSERT INTO payments (id, merchant_id, reference_id, amount, fees, net_amount, status, checkout_token,"
                    + " redirect_url, created_at, expires_at) VALUES ('" + id + "', '" + merchant + "', 'r" + payments
                    + "', " + amount + ", 0, " + amount + ", '" + status + "', 'tok" + payments + "-" + merchant
                    + "', 'http://localhost/pay', (date '" + day
                    + "' + time '10:00') AT TIME ZONE 'America/Port-au-Prince', now() + interval '1 hour')");
        }
        return id;
    }

    private LocalDate closedThrough() throws Exception {
        return await(connection
                        .query("SELECT through FROM report_days_closed WHERE merchant_id = '" + merchant + "'")
                        .execute())
                .iterator()
                .next()
                .getLocalDate(0);
    }

    private long count(String sql) throws Exception {
        return await(connection.query(sql).execute()).iterator().next().getLong(0);
    }

    private void run(String sql) throws Exception {
        await(connection.query(sql).execute());
    }

    private static BigDecimal amount(String text) {
        return new BigDecimal(text);
    }
}
