package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.net.NetClientOptions;
import io.vertx.pgclient.PgBuilder;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.SqlClient;
import io.walletpay.config.AppConfig;
import io.walletpay.db.DatabaseTarget;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

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

    public Future<Void> close() {
        return Future.join(statements.close(), transactions.close()).mapEmpty();
    }
}
