package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.sqlclient.Tuple;
import io.walletpay.bus.PortalMessages.DayVolume;
import io.walletpay.bus.PortalMessages.StatusTotal;
import io.walletpay.bus.PortalMessages.Summarize;
import io.walletpay.bus.PortalMessages.Summary;
import java.util.ArrayList;
import java.util.List;

/** The portal's aggregates: sums done by PostgreSQL, so the overview costs two queries whatever the volume. */
final class PortalStore {

    static final String BY_STATUS = "SELECT status, count(*) AS n, coalesce(sum(amount), 0) AS amount,"
            + " coalesce(sum(fees), 0) AS fees, coalesce(sum(net_amount), 0) AS net FROM payments"
            + " WHERE merchant_id = $1 AND created_at >= $2 AND created_at < $3 GROUP BY status ORDER BY status";

    static final String BY_DAY = "SELECT to_char(created_at AT TIME ZONE 'America/Port-au-Prince', 'YYYY-MM-DD')"
            + " AS day, sum(amount) AS amount FROM payments WHERE merchant_id = $1 AND status = 'completed'"
            + " AND created_at >= $2 AND created_at < $3 GROUP BY 1 ORDER BY 1";

    private final Database database;

    PortalStore(Database database) {
        this.database = database;
    }

    Future<Summary> summarize(Summarize query) {
        Tuple args = Tuple.of(query.merchantId(), query.from(), query.to());
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
}
