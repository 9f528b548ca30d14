package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.sqlclient.Tuple;
import io.walletpay.report.SettlementReport;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * {@link ReportStore} on PostgreSQL: sums done by the database, so the portal's overview costs two queries whatever
 * the volume.
 */
final class PgReportStore implements ReportStore {

    static final String BY_STATUS = "SELECT status, count(*) AS n, coalesce(sum(amount), 0) AS amount,"
            + " coalesce(sum(fees), 0) AS fees, coalesce(sum(net_amount), 0) AS net FROM payments"
            + " WHERE merchant_id = $1 AND created_at >= $2 AND created_at < $3 GROUP BY status ORDER BY status";

    static final String BY_DAY = "SELECT to_char(created_at AT TIME ZONE 'America/Port-au-Prince', 'YYYY-MM-DD')"
            + " AS day, sum(amount) AS amount FROM payments WHERE merchant_id = $1 AND status = 'completed'"
            + " AND created_at >= $2 AND created_at < $3 GROUP BY 1 ORDER BY 1";

    /** Completed in [$2, $3), oldest first; the partial index payments_settlement serves it. */
    static final String SETTLEMENT_DAY = "SELECT id, reference_id, provider_transaction_id, completed_at, amount,"
            + " fees, net_amount FROM payments WHERE merchant_id = $1 AND status = 'completed'"
            + " AND completed_at >= $2 AND completed_at < $3 ORDER BY completed_at, id";

    /** Refunds and payouts the provider paid in [$2, $3) (their last change is the one that settled them). */
    static final String SETTLED_TRANSFERS = "SELECT id, kind, payment_id, provider_transaction_id, updated_at, amount"
            + " FROM transfers WHERE merchant_id = $1 AND status = 'succeeded' AND updated_at >= $2 AND updated_at < $3"
            + " ORDER BY updated_at, id";

    private final Database database;

    PgReportStore(Database database) {
        this.database = database;
    }

    @Override
    public Future<Summary> summarize(UUID merchantId, OffsetDateTime from, OffsetDateTime to) {
        Tuple args = Tuple.of(merchantId, from, to);
        Future<List<StatusTotal>> byStatus = database.statements()
                .preparedQuery(BY_STATUS)
                .execute(args)
                .map(rows -> {
                    List<StatusTotal> totals = new ArrayList<>();
                    rows.forEach(row -> totals.add(new StatusTotal(
                            row.getString("status"),
                            row.getLong("n"),
                            row.getBigDecimal("amount").setScale(2),
                            row.getBigDecimal("fees").setScale(2),
                            row.getBigDecimal("net").setScale(2))));
                    return totals;
                });
        Future<List<DayVolume>> byDay = database.statements()
                .preparedQuery(BY_DAY)
                .execute(args)
                .map(rows -> {
                    List<DayVolume> days = new ArrayList<>();
                    rows.forEach(row -> days.add(new DayVolume(
                            row.getString("day"), row.getBigDecimal("amount").setScale(2))));
                    return days;
                });
        return Future.all(byStatus, byDay).map(both -> new Summary(both.resultAt(0), both.resultAt(1)));
    }

    @Override
    public Future<SettlementReport> settlementDay(UUID merchantId, LocalDate date) {
        Tuple day = Tuple.of(merchantId, SettlementReport.dayStart(date), SettlementReport.dayEnd(date));
        Future<List<SettlementReport.Outgoing>> transfers = database.statements()
                .preparedQuery(SETTLED_TRANSFERS)
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
                .preparedQuery(SETTLEMENT_DAY)
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
