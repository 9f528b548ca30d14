package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import io.walletpay.money.BooksCheck;
import io.walletpay.money.Ledger;
import io.walletpay.money.ReconciliationRun;
import io.walletpay.money.ReconciliationRunPage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** {@link BooksStore} on PostgreSQL: the ledger summed by the database, the runs in {@code reconciliation_runs}. */
final class PgBooksStore implements BooksStore {

    private final Database database;

    PgBooksStore(Database database) {
        this.database = database;
    }

    @Override
    public Future<Ledger> ledger() {
        return database.statements().query(BooksSql.LEDGER).execute().map(rows -> {
            Row row = rows.iterator().next();
            return new Ledger(
                    row.getBigDecimal("completed_payments"),
                    row.getBigDecimal("succeeded_transfers"),
                    new BooksCheck.Outstanding(
                            Math.toIntExact(row.getLong("in_flight_count")), row.getBigDecimal("in_flight_amount")),
                    new BooksCheck.Outstanding(
                            Math.toIntExact(row.getLong("in_review_count")), row.getBigDecimal("in_review_amount")));
        });
    }

    @Override
    public Future<ReconciliationRun> keep(UUID id, ReconciliationRun.Trigger trigger, BooksCheck check, String error) {
        return database.statements()
                .preparedQuery(BooksSql.KEEP)
                .execute(Tuple.from(new Object[] {
                    id,
                    trigger.wireName(),
                    check.openingBalance(),
                    check.completedPayments(),
                    check.succeededTransfers(),
                    check.expected(),
                    check.reported(),
                    check.drift(),
                    check.inFlight().count(),
                    check.inFlight().amount(),
                    check.inReview().count(),
                    check.inReview().amount(),
                    error
                }))
                .map(rows -> run(rows.iterator().next()));
    }

    @Override
    public Future<ReconciliationRunPage> runs(int limit, UUID startingAfter, UUID endingBefore) {
        boolean back = endingBefore != null;
        UUID cursor = back ? endingBefore : startingAfter;
        return database.statements()
                .preparedQuery(back ? BooksSql.RUNS_BEFORE : BooksSql.RUNS)
                .execute(Tuple.of(limit + 1, cursor))
                .compose(rows -> ListCursor.named(
                        database.statements(),
                        rows,
                        BooksSql.CURSOR_ROW,
                        Tuple.of(cursor),
                        "a reconciliation run",
                        ListCursor.parameter(back)))
                .map(rows -> ListCursor.page(runs(rows), limit, back, ReconciliationRunPage::new));
    }

    @Override
    public Future<ReconciliationRun> latest() {
        return database.statements()
                .query(BooksSql.LATEST)
                .execute()
                .map(rows -> rows.size() == 0 ? null : run(rows.iterator().next()));
    }

    @Override
    public Future<Boolean> scheduledWithin(Duration within) {
        return database.statements()
                .preparedQuery(BooksSql.SCHEDULED_WITHIN)
                .execute(Tuple.of(within.toMillis()))
                .map(rows -> rows.iterator().next().getBoolean(0));
    }

    private static List<ReconciliationRun> runs(RowSet<Row> rows) {
        List<ReconciliationRun> runs = new ArrayList<>(rows.size());
        rows.forEach(row -> runs.add(run(row)));
        return runs;
    }

    private static ReconciliationRun run(Row row) {
        return new ReconciliationRun(
                row.getUUID("id"),
                row.getOffsetDateTime("ran_at"),
                ReconciliationRun.Trigger.fromWire(row.getString("trigger")),
                new BooksCheck(
                        row.getBigDecimal("opening_balance"),
                        row.getBigDecimal("completed_payments"),
                        row.getBigDecimal("succeeded_transfers"),
                        row.getBigDecimal("reported"),
                        new BooksCheck.Outstanding(
                                row.getInteger("in_flight_count"), row.getBigDecimal("in_flight_amount")),
                        new BooksCheck.Outstanding(
                                row.getInteger("in_review_count"), row.getBigDecimal("in_review_amount"))),
                row.getString("error"));
    }
}
