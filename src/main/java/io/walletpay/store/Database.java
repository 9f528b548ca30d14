package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.net.NetClientOptions;
import io.vertx.pgclient.PgBuilder;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import io.walletpay.config.AppConfig;
import io.walletpay.db.DatabaseTarget;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The reactive clients a store uses: a pipelining client for single statements (the hot path) and a pool for
 * transactions, which need one connection for their whole length.
 */
public record Database(SqlClient statements, Pool transactions) {

    private static final AtomicInteger COUNT = new AtomicInteger();

    /**
     * Clients for one of {@code sharers} verticle instances: {@code db.pool_size} statement connections are split
     * among them (at least 2 each), and each gets a transaction pool of half its share, so the total stays within
     * what PostgreSQL allows whatever the number of cores. {@code owner} names the pools in metrics.
     */
    public static Database connect(Vertx vertx, DatabaseTarget target, AppConfig.Db config, String owner, int sharers) {
        String name = owner + "-" + COUNT.incrementAndGet();
        int share = Math.max(2, config.poolSize() / Math.max(1, sharers));
        NetClientOptions network = new NetClientOptions().setConnectTimeout(config.connectTimeoutMs());
        PoolOptions poolOptions = new PoolOptions()
                .setMaxSize(share)
                .setConnectionTimeout(config.acquireTimeoutMs())
                .setConnectionTimeoutUnit(TimeUnit.MILLISECONDS)
                .setMaxWaitQueueSize(10_000);
        SqlClient statements = PgBuilder.client()
                .with(new PoolOptions(poolOptions).setName(name + "-statements"))
                .with(network)
                .connectingTo(target.connectOptions().setPipeliningLimit(config.pipeliningLimit()))
                .using(vertx)
                .build();
        Pool transactions = PgBuilder.pool()
                .with(new PoolOptions(poolOptions)
                        .setName(name + "-transactions")
                        .setMaxSize(Math.max(2, share / 2)))
                .with(network)
                .connectingTo(target.connectOptions())
                .using(vertx)
                .build();
        return new Database(statements, transactions);
    }

    /**
     * Opens a connection in each client, so the first real statements do not queue behind connection set-up (on a
     * busy machine that wait can exceed the acquire timeout and fail a start for nothing).
     */
    public Future<Void> open() {
        return Future.join(
                        statements.query("SELECT 1").execute(),
                        transactions.query("SELECT 1").execute())
                .mapEmpty();
    }

    /** A prepared statement and its parameters. */
    public record Statement(String sql, Tuple params) {}

    /**
     * Two statements in one transaction, the second made from the first's rows, in two round trips where {@code
     * withTransaction} takes four: BEGIN goes out with the first statement, and COMMIT right behind the second (alone
     * when {@code second} answers null). PostgreSQL applies both or neither: a statement it refuses aborts the
     * transaction, and the COMMIT behind it then ends it rolled back; should {@code second} throw, nothing was sent
     * after the first and the transaction is rolled back. {@code answer} runs once committed and cannot undo it, so
     * whatever must roll the transaction back is said in the SQL.
     */
    public <T> Future<T> inTwoRoundTrips(
            Statement first, Function<RowSet<Row>, Statement> second, BiFunction<RowSet<Row>, RowSet<Row>, T> answer) {
        return transactions.withConnection(connection -> {
            boolean[] commitSent = {false};
            connection.query("BEGIN").execute(); // its failure fails the statement behind it
            return connection
                    .preparedQuery(first.sql())
                    .execute(first.params())
                    .compose(firstRows -> {
                        Statement next = second.apply(firstRows);
                        Future<RowSet<Row>> secondRows = next == null
                                ? Future.succeededFuture()
                                : connection.preparedQuery(next.sql()).execute(next.params());
                        commitSent[0] = true;
                        Future<RowSet<Row>> committed =
                                connection.query("COMMIT").execute();
                        return Future.join(secondRows, committed)
                                .map(both -> answer.apply(firstRows, secondRows.result()));
                    })
                    .recover(failure -> commitSent[0] ? Future.failedFuture(failure) : rollBack(connection, failure));
        });
    }

    private static <T> Future<T> rollBack(SqlConnection connection, Throwable failure) {
        return connection.query("ROLLBACK").execute().transform(rolledBack -> Future.failedFuture(failure));
    }

    public Future<Void> close() {
        return Future.join(statements.close(), transactions.close()).mapEmpty();
    }
}
