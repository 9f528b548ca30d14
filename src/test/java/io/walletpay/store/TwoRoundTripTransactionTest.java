package io.walletpay.store;

import static io.walletpay.store.StoreTestSupport.await;
import static io.walletpay.store.StoreTestSupport.rows;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.sqlclient.Tuple;
import io.walletpay.db.DatabaseTarget;
import io.walletpay.store.Database.Statement;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.TestDatabase;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A transaction whose BEGIN rides with its first statement and whose COMMIT rides behind its second applies both
 * statements or neither, whichever of them PostgreSQL or the code between them refuses, and leaves its connection
 * clean: on a pool of two connections, later transactions never commit what a refused one left behind.
 */
@BehaviourTest
class TwoRoundTripTransactionTest {

    private static final String INSERT = "INSERT INTO ledger_probe (n) VALUES ($1) RETURNING n";

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    private Database database;

    @BeforeEach
    void twoConnections() throws Exception {
        DatabaseTarget target = TestDatabase.migrated();
        // 32 statement connections shared by 16: two each, and a transaction pool of two
        database = Database.connect(fixture.vertx(), target, fixture.config().db(), "two-round-trips", 16);
        await(database.statements()
                .query("CREATE TABLE ledger_probe (n integer PRIMARY KEY CHECK (n > 0))")
                .execute());
    }

    @Test
    void bothStatementsCommitTogetherAndTheAnswerSeesBoth() throws Exception {
        String answer = await(database.inTwoRoundTrips(
                new Statement(INSERT, Tuple.of(1)),
                first -> new Statement(INSERT, Tuple.of(first.iterator().next().getInteger(0) + 1)),
                (first, second) -> first.iterator().next().getInteger(0) + "+"
                        + second.iterator().next().getInteger(0)));

        assertThat(answer).isEqualTo("1+2");
        assertThat(stored()).containsExactly("{\"n\":1}", "{\"n\":2}");
    }

    @Test
    void withoutASecondStatementTheFirstCommitsAlone() throws Exception {
        boolean noSecond = await(database.inTwoRoundTrips(
                new Statement(INSERT, Tuple.of(3)), first -> null, (first, second) -> second == null));

        assertThat(noSecond).isTrue();
        assertThat(stored()).containsExactly("{\"n\":3}");
    }

    @Test
    void aRefusedFirstOrSecondStatementOrAThrowingStepLeavesNothingBehind() throws Exception {
        for (int round = 0; round < 4; round++) {
            int base = 100 * (round + 1);
            // the second statement breaks the check: the first is rolled back with it
            Future<Object> secondRefused = database.inTwoRoundTrips(
                    new Statement(INSERT, Tuple.of(base + 1)),
                    first -> new Statement(INSERT, Tuple.of(-1)),
                    (first, second) -> "committed");
            // the first is refused: the second is never sent
            Future<Object> firstRefused = database.inTwoRoundTrips(
                    new Statement(INSERT, Tuple.of(-2)),
                    first -> new Statement(INSERT, Tuple.of(base + 2)),
                    (first, second) -> "committed");
            // the code choosing the second statement throws after the first was applied
            Future<Object> stepThrew = database.inTwoRoundTrips(
                    new Statement(INSERT, Tuple.of(base + 3)),
                    first -> {
                        throw new IllegalStateException("refused between the statements");
                    },
                    (first, second) -> "committed");
            await(Future.join(secondRefused, firstRefused, stepThrew).otherwiseEmpty());
            // later transactions on the same two connections commit only their own rows
            for (int i = 0; i < 4; i++) {
                await(database.inTwoRoundTrips(
                        new Statement(INSERT, Tuple.of(base + 10 + 2 * i)),
                        first -> new Statement(
                                INSERT, Tuple.of(first.iterator().next().getInteger(0) + 1)),
                        (first, second) -> "committed"));
            }

            assertThat(secondRefused.cause()).hasMessageContaining("ledger_probe_n_check");
            assertThat(firstRefused.cause()).hasMessageContaining("ledger_probe_n_check");
            assertThat(stepThrew.cause()).hasMessage("refused between the statements");
        }
        List<String> stored = stored();
        assertThat(stored).hasSize(4 * 8).noneMatch(row -> row.matches("\\{\"n\":\\d0[123]}"));
    }

    private List<String> stored() throws Exception {
        return rows(database, "SELECT n FROM ledger_probe ORDER BY n");
    }
}
