package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import io.walletpay.error.ServiceException;

/**
 * A list's {@code starting_after} (the id of the last row of the page before, on the same list) or
 * {@code ending_before} (the first row of the page after, to page back). A cursor that names
 * no such row (a mistyped id, another list's id) is refused with 400, because the empty page it would otherwise give
 * reads as the end of the list, and everything after a good cursor would be silently missed. Checked only when the
 * page comes back empty, so a page with rows costs no second query.
 */
final class ListCursor {

    private ListCursor() {}

    /**
     * A page made of {@code rows} read as {@code limit + 1}: at most {@code limit} of them, and whether more follow
     * (the extra row says so), handed to {@code page} (a store's page record).
     */
    static <T, P> P page(
            java.util.List<T> rows, int limit, java.util.function.BiFunction<java.util.List<T>, Boolean, P> page) {
        boolean more = rows.size() > limit;
        return page.apply(more ? rows.subList(0, limit) : rows, more);
    }

    /**
     * The same; with {@code back}, {@code rows} were read oldest first by a page {@link #before} a cursor, and the
     * page is turned back to newest first, as every page is answered.
     */
    static <T, P> P page(
            java.util.List<T> rows,
            int limit,
            boolean back,
            java.util.function.BiFunction<java.util.List<T>, Boolean, P> page) {
        return page(rows, limit, (kept, more) -> {
            if (!back) {
                return page.apply(kept, more);
            }
            java.util.List<T> newestFirst = new java.util.ArrayList<>(kept);
            java.util.Collections.reverse(newestFirst);
            return page.apply(newestFirst, more);
        });
    }

    /**
     * The page just before the cursor ({@code ending_before}) of a list whose newest-first page query is
     * {@code page}: the same filters, the rows newer than the cursor's, read oldest first so that LIMIT keeps the
     * ones next to it (pass the rows to {@link #page(java.util.List, int, boolean, java.util.function.BiFunction)}
     * with {@code back} to answer them newest first). {@code page} compares the cursor as {@code < (SELECT ...)}, once,
     * and orders by {@code DESC} columns only.
     */
    static String before(String page) {
        java.util.regex.Matcher cursor = CURSOR_COMPARISON.matcher(page);
        if (!cursor.find() || cursor.find()) {
            throw new IllegalArgumentException("not a page with one cursor comparison: " + page);
        }
        int order = page.lastIndexOf(" ORDER BY ");
        if (order < 0 || page.indexOf(" DESC", 0) < order) {
            throw new IllegalArgumentException("not a page ordered newest first: " + page);
        }
        String filtered = CURSOR_COMPARISON.matcher(page.substring(0, order)).replaceFirst(">$1");
        return filtered + page.substring(order).replace(" DESC", " ASC");
    }

    /** The name the cursor was sent as: {@code ending_before} when paging {@code back}, else {@code starting_after}. */
    static String parameter(boolean back) {
        return back ? "ending_before" : "starting_after";
    }

    private static final java.util.regex.Pattern CURSOR_COMPARISON =
            java.util.regex.Pattern.compile("<(\\s*\\(SELECT )");

    /**
     * {@code page}, or a failure with 400 {@code invalid_starting_after} when it is empty and {@code cursorRow} (a
     * query of the cursor's row on this list, run with {@code cursor}, whose first value is the cursor id) finds
     * nothing. {@code what} names a row of the list for the message: "a payment", "an event".
     */
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
