package io.walletpay.store;

import static io.walletpay.store.StoreTestSupport.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.Future;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import io.walletpay.db.DatabaseTarget;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.TestDatabase;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A pipelined transaction commits what it wrote exactly when its work succeeded, and leaves its connection outside
 * any transaction whatever happened, so the next borrower of the connection is not caught in it.
 */
@BehaviourTest
class PipelinedTransactionTest {

    private static final String INSERT = "INSERT INTO pipelined_probe (id, note) VALUES ($1, $2)";

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    /** One connection, so every check after a transaction runs on the connection the transaction used. */
    private Pool pool;

    private SqlClient observer;

    @BeforeEach
    void openPoolOfOneConnection() throws Exception {
        DatabaseTarget target = TestDatabase.migrated();
        observer = fixture.database(target, "pipelined-observer").statements();
        await(observer.query("CREATE TABLE IF NOT EXISTS pipelined_probe (id uuid PRIMARY KEY, note text NOT NULL)")
                .execute());
        pool = PgBuilder.pool()
                .with(new PoolOptions().setMaxSize(1))
                .connectingTo(target.connectOptions())
                .using(fixture.vertx())
                .build();
    }

    @Test
    void commitsTheStatementsAndTheLastOneSentWithItsCommit() throws Exception {
        UUID first = UUID.randomUUID();
        UUID last = UUID.randomUUID();

        String answer = await(PipelinedTransaction.run(pool, transaction -> {
            transaction.execute(INSERT, Tuple.of(first, "first"));
            return transaction.last(INSERT, Tuple.of(last, "last")).map(rows -> "wrote " + rows.rowCount());
        }));

        assertThat(answer).isEqualTo("wrote 1");
        assertThat(notes(first, last)).isEqualTo(2);
        assertConnectionOutsideAnyTransaction();
    }

    @Test
    void commitsWorkWithoutALastStatement() throws Exception {
        UUID id = UUID.randomUUID();

        await(PipelinedTransaction.run(pool, transaction -> transaction.execute(INSERT, Tuple.of(id, "alone"))));

        assertThat(notes(id)).isEqualTo(1);
        assertConnectionOutsideAnyTransaction();
    }

    @Test
    void aLastStatementThatFailsTakesTheEarlierStatementsWithIt() throws Exception {
        UUID taken = UUID.randomUUID();
        await(observer.preparedQuery(INSERT).execute(Tuple.of(taken, "already there")));
        UUID id = UUID.randomUUID();

        assertThatThrownBy(() -> await(PipelinedTransaction.run(pool, transaction -> {
                    transaction.execute(INSERT, Tuple.of(id, "before the duplicate"));
                    return transaction.last(INSERT, Tuple.of(taken, "duplicate"));
                })))
                .isInstanceOf(ExecutionException.class)
                .cause()
                .isInstanceOf(PgException.class)
                .hasMessageContaining("duplicate key");

        assertThat(notes(id)).as("the statement before the failed last one").isZero();
        assertConnectionOutsideAnyTransaction();
    }

    @Test
    void workThatFailsBeforeItsLastStatementRollsBack() throws Exception {
        UUID id = UUID.randomUUID();

        assertThatThrownBy(() -> await(PipelinedTransaction.run(pool, transaction -> transaction
                        .execute(INSERT, Tuple.of(id, "then the work changes its mind"))
                        .compose(rows -> Future.failedFuture(new IllegalStateException("refused"))))))
                .cause()
                .hasMessage("refused");

        assertThat(notes(id)).isZero();
        assertConnectionOutsideAnyTransaction();
    }

    @Test
    void workThatThrowsRollsBackWhatItHadSent() throws Exception {
        UUID id = UUID.randomUUID();

        assertThatThrownBy(() -> await(PipelinedTransaction.<Void>run(pool, transaction -> {
                    transaction.execute(INSERT, Tuple.of(id, "sent before the throw"));
                    throw new IllegalArgumentException("thrown");
                })))
                .cause()
                .hasMessage("thrown");

        assertThat(notes(id)).isZero();
        assertConnectionOutsideAnyTransaction();
    }

    @Test
    void noStatementGoesOutAfterTheLast() throws Exception {
        UUID last = UUID.randomUUID();
        UUID after = UUID.randomUUID();

        assertThatThrownBy(() -> await(PipelinedTransaction.run(pool, transaction -> transaction
                        .last(INSERT, Tuple.of(last, "last"))
                        .compose(rows -> transaction.execute(INSERT, Tuple.of(after, "after the commit"))))))
                .cause()
                .isInstanceOf(IllegalStateException.class);

        assertThat(notes(after)).as("a statement after the commit").isZero();
        assertThat(notes(last)).as("the last statement, committed with it").isEqualTo(1);
        assertConnectionOutsideAnyTransaction();
    }

    private int notes(UUID... ids) throws Exception {
        return await(observer.preparedQuery("SELECT count(*) FROM pipelined_probe WHERE id = ANY($1)")
                        .execute(Tuple.of(ids)))
                .iterator()
                .next()
                .getInteger(0);
    }

    /** PostgreSQL refuses a savepoint outside a transaction block, and takes one inside. */
    private void assertConnectionOutsideAnyTransaction() {
        assertThatThrownBy(() -> await(pool.query("SAVEPOINT probe").execute()))
                .as("the pool's connection is still in a transaction")
                .cause()
                .hasMessageContaining("transaction blocks");
    }
}
