package io.walletpay.store;

import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.walletpay.error.ServiceException;

/** Reading the one row a look-up by key answers. */
final class StoreRows {

    /** The first row of {@code rows}; a 404 naming {@code what} when there is none. */
    static Row one(RowSet<Row> rows, String what) {
        if (rows.size() == 0) {
            throw ServiceException.notFound(what);
        }
        return rows.iterator().next();
    }

    private StoreRows() {}
}
