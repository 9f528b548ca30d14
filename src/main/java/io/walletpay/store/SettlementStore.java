package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.sqlclient.Tuple;
import io.walletpay.report.SettlementReport;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** Reads settlement reports: one merchant's completed payments of one day in Haiti. */
final class SettlementStore {

    /** Completed in [$2, $3), oldest first; the partial index payments_settlement serves it. */
    static final String DAY = "SELECT id, reference_id, provider_transaction_id, completed_at, amount, fees,"
            + " net_amount FROM payments WHERE merchant_id = $1 AND status = 'completed'"
            + " AND completed_at >= $2 AND completed_at < $3 ORDER BY completed_at, id";

    private final Database database;

    SettlementStore(Database database) {
        this.database = database;
    }

    Future<SettlementReport> day(UUID merchantId, LocalDate date) {
        return database.statements()
                .preparedQuery(DAY)
                .execute(Tuple.of(merchantId, SettlementReport.dayStart(date), SettlementReport.dayEnd(date)))
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
                    return SettlementReport.of(date, lines);
                });
    }
}
