package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import io.walletpay.error.ServiceException;

/**
 * A list's {@code starting_after}: the id of the last row of the page before, on the same list. A cursor that names
 * no such row (a mistyped id, another list's id) is refused with 400, because the empty page it would otherwise give
 * reads as the end of the list, and everything after a good cursor would be silently missed. Checked only when the
 * page comes back empty, so a page with rows costs no second query.
 */
final class ListCursor {

    private ListCursor() {}

    /**
     * {@code page}, or a failure with 400 {@code invalid_starting_after} when it is empty and {@code cursorRow} (a
     * query of the cursor's row on this list, run with {@code cursor}, whose first value is the cursor id) finds
     * nothing. {@code what} names a row of the list for the message: "a payment", "an event".
     */
    /**
     * A page made of {@code rows} read as {@code limit + 1}: at most {@code limit} of them, and whether more follow
     * (the extra row says so), handed to {@code page} (a store's page record).
     */
    static <T, P> P page(
            java.util.List<T> rows, int limit, java.util.function.BiFunction<java.util.List<T>, Boolean, P> page) {
        boolean more = rows.size() > limit;
        return page.apply(more ? rows.subList(0, limit) : rows, more);
    }

    static Future<RowSet<Row>> named(SqlClient sql, RowSet<Row> page, String cursorRow, Tuple cursor, String what) {
        return named(sql, page, cursorRow, cursor, what, "starting_after");
    }

    /** The same for the cursor sent as {@code parameter} ({@code starting_after} or {@code ending_before}). */
    static Future<RowSet<Row>> named(
            SqlClient sql, RowSet<Row> page, String cursorRow, Tuple cursor, String what, String parameter) {
        if (page.size() > 0 || cursor.getValue(0) == null) {
            return Future.succeededFuture(page);
        }
        return sql.preparedQuery(cursorRow).execute(cursor).map(found -> {
            if (found.size() == 0) {
                throw ServiceException.invalid(
                        parameter, parameter + " must be the id of " + what + " on this list, as a page gave it");
            }
            return page;
        });
    }
}
