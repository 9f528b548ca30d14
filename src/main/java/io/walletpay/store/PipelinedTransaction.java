package io.walletpay.store;

import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import java.util.function.Function;

/**
 * A transaction whose BEGIN goes out together with its first statement and whose COMMIT goes out together with the
 * statement the work marks as its last: a read-then-write transaction (a transition and its outbox row) costs two
 * round trips to PostgreSQL, where {@link Pool#withTransaction} costs four. Each round trip saved is a wake-up less
 * for the store's event loop and for the database's backend, which at a modest rate is most of what a payment
 * costs them.
 *
 * <p>The work runs its statements through {@link #execute} and its last through {@link #last}, never on the
 * connection itself, so nothing can run outside the transaction. Whatever happens, the connection goes back to the
 * pool outside any transaction: COMMIT when the work succeeded, ROLLBACK otherwise, and a COMMIT sent with a last
 * statement that failed commits nothing (PostgreSQL rolls back a transaction a failed statement aborted).
 *
 * <p>The price of the pipelined COMMIT: once {@link #last}'s statement has succeeded the rows are committed, so the
 * work must not fail after it; it may only turn the rows into its answer.
 */
final class PipelinedTransaction {

    private final SqlConnection connection;

    /** The COMMIT or ROLLBACK, once sent; nothing goes out on the connection after it. */
    private Future<RowSet<Row>> end;

    private PipelinedTransaction(SqlConnection connection) {
        this.connection = connection;
    }

    /** Runs {@code work} in a transaction on one of {@code pool}'s connections; answers once it has ended. */
    static <T> Future<T> run(Pool pool, Function<PipelinedTransaction, Future<T>> work) {
        return pool.getConnection().compose(connection -> {
            PipelinedTransaction transaction = new PipelinedTransaction(connection);
            Future<RowSet<Row>> begun = connection.query("BEGIN").execute();
            Future<T> done;
            try {
                done = work.apply(transaction);
            } catch (RuntimeException e) {
                done = Future.failedFuture(e);
            }
            return done.transform(outcome -> begun.transform(began -> transaction.end(began, outcome)))
                    .eventually(connection::close);
        });
    }

    /** Runs a statement of the transaction. */
    Future<RowSet<Row>> execute(String sql, Tuple arguments) {
        if (end != null) {
            throw new IllegalStateException("the transaction's last statement has been sent");
        }
        return connection.preparedQuery(sql).execute(arguments);
    }

    /** Runs the transaction's last statement with its COMMIT right behind it, in the same round trip. */
    Future<RowSet<Row>> last(String sql, Tuple arguments) {
        Future<RowSet<Row>> result = execute(sql, arguments);
        end = connection.query("COMMIT").execute();
        return result;
    }

    /**
     * Commits when the work succeeded, else rolls back; answers once the transaction has ended. A COMMIT sent with
     * the last statement has ended it either way: PostgreSQL commits, or rolls back a transaction a failed statement
     * aborted, and a COMMIT that fails ends the transaction too.
     */
    private <T> Future<T> end(AsyncResult<?> began, AsyncResult<T> outcome) {
        boolean succeeded = began.succeeded() && outcome.succeeded();
        if (end == null) {
            end = connection.query(succeeded ? "COMMIT" : "ROLLBACK").execute();
        }
        return end.transform(ended -> {
            if (!began.succeeded()) {
                return Future.failedFuture(began.cause());
            }
            if (outcome.failed()) {
                return Future.failedFuture(outcome.cause());
            }
            return ended.succeeded() ? Future.succeededFuture(outcome.result()) : Future.failedFuture(ended.cause());
        });
    }
}
