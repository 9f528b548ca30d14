package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.sqlclient.Tuple;
import io.walletpay.report.ClosedThrough;
import io.walletpay.report.DayTotal;
import io.walletpay.report.SettlementReport;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * {@link ReportStore} on PostgreSQL: sums done by the database, closed days read from the totals kept for them, so
 * the portal's overview costs one statement reading a few days whatever the history.
 */
final class PgReportStore implements ReportStore {

    private final Database database;

    PgReportStore(Database database) {
        this.database = database;
    }

    @Override
    public Future<List<DayTotal>> dailyTotals(UUID merchantId, LocalDate firstDay, LocalDate lastDay) {
        return database.statements()
                .preparedQuery(ReportSql.DAILY_TOTALS)
                .execute(Tuple.of(merchantId, firstDay, lastDay))
                .map(rows -> {
                    List<DayTotal> totals = new ArrayList<>();
                    rows.forEach(row -> totals.add(new DayTotal(
                            row.getLocalDate("day"),
                            row.getString("status"),
                            row.getLong("payments"),
                            row.getBigDecimal("amount").setScale(2),
                            row.getBigDecimal("fees").setScale(2),
                            row.getBigDecimal("net").setScale(2))));
                    return totals;
                });
    }

    @Override
    public Future<List<ClosedThrough>> behind(LocalDate lastClosable, int limit) {
        return database.statements()
                .preparedQuery(ReportSql.BEHIND)
                .execute(Tuple.of(lastClosable, limit))
                .map(rows -> {
                    List<ClosedThrough> behind = new ArrayList<>();
                    rows.forEach(row -> behind.add(new ClosedThrough(row.getUUID("id"), row.getLocalDate("through"))));
                    return behind;
                });
    }

    @Override
    public Future<Optional<LocalDate>> firstDayWithPayments(UUID merchantId, LocalDate after) {
        return database.statements()
                .preparedQuery(ReportSql.FIRST_DAY_WITH_PAYMENTS)
                .execute(Tuple.of(merchantId, after))
                .map(rows -> Optional.ofNullable(rows.iterator().next().getLocalDate("day")));
    }

    @Override
    public Future<Boolean> closeDay(UUID merchantId, LocalDate day, LocalDate previous) {
        return database.statements()
                .preparedQuery(ReportSql.CLOSE_DAY)
                .execute(Tuple.of(merchantId, day, previous))
                .map(rows -> rows.iterator().next().getLong("closed") == 1);
    }

    @Override
    public Future<SettlementReport> settlementDay(UUID merchantId, LocalDate date) {
        Tuple day = Tuple.of(merchantId, SettlementReport.dayStart(date), SettlementReport.dayEnd(date));
        Future<List<SettlementReport.Outgoing>> transfers = database.statements()
                .preparedQuery(ReportSql.SETTLED_TRANSFERS)
                .execute(day)
                .map(rows -> {
                    List<SettlementReport.Outgoing> out = new ArrayList<>();
                    rows.forEach(row -> out.add(new SettlementReport.Outgoing(
                            row.getUUID("id"),
                            row.getString("kind"),
                            row.getUUID("payment_id"),
                            row.getString("provider_transaction_id"),
                            row.getOffsetDateTime("updated_at"),
                            row.getBigDecimal("amount"))));
                    return out;
                });
        Future<List<SettlementReport.Line>> payments = database.statements()
                .preparedQuery(ReportSql.SETTLEMENT_DAY)
                .execute(day)
                .map(rows -> {
                    List<SettlementReport.Line> lines = new ArrayList<>();
                    rows.forEach(row -> lines.add(new SettlementReport.Line(
                            row.getUUID("id"),
                            row.getString("reference_id"),
                            row.getString("provider_transaction_id"),
                            row.getOffsetDateTime("completed_at"),
                            row.getBigDecimal("amount"),
                            row.getBigDecimal("fees"),
                            row.getBigDecimal("net_amount"))));
                    return lines;
                });
        return Future.all(payments, transfers)
                .map(both -> SettlementReport.of(date, both.resultAt(0), both.resultAt(1)));
    }
}
