package io.walletpay.store;

import static io.walletpay.store.StoreTestSupport.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Transaction;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.TestMerchants;
import java.math.BigDecimal;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Balances on the real PostgreSQL once the ledger's entries up to a cut are summed for good: the same balance
 * before and after each move of the cut, entries after it still counted, the cut moved in bounded steps, and never
 * past an entry a transaction is still writing (it waits, and that entry is counted once it commits).
 */
@BehaviourTest
class LedgerSumsTest {

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    private Database database;
    private SqlConnection connection;
    private PgTransferStore ledger;
    private final UUID shop = UUID.randomUUID();
    private final UUID other = UUID.randomUUID();

    @BeforeEach
    void openDatabase() throws Exception {
        database = fixture.database("ledger-sums-test");
        connection = await(database.transactions().getConnection());
        ledger = new PgTransferStore(database, WakeUps.NONE);
        for (UUID merchant : new UUID[] {shop, other}) {
            await(TestMerchants.row(merchant).insert(connection));
        }
    }

    @AfterEach
    void closeDatabase() throws Exception {
        await(connection.close());
        await(database.close());
    }

    @Test
    void theBalanceIsTheSameBeforeAndAfterTheCutMoves() throws Exception {
        credit(shop, "100.00", 30);
        credit(other, "5.00", 10);
        credit(shop, "-250.00", 1);
        assertThat(available(shop)).isEqualByComparingTo("2750.00");

        assertThat(await(ledger.keepLedgerSums(25))).isEqualTo(25L); // bounded: 25 of the 41 entries
        assertThat(available(shop)).isEqualByComparingTo("2750.00");
        assertThat(available(other)).isEqualByComparingTo("50.00");
        assertThat(await(ledger.keepLedgerSums(1000))).isEqualTo(16L);
        assertThat(await(ledger.keepLedgerSums(1000))).isZero();
        assertThat(count("SELECT count(*) FROM ledger_balances")).isEqualTo(2);

        credit(shop, "12.50", 2); // after the cut, still counted
        assertThat(available(shop)).isEqualByComparingTo("2775.00");
        assertThat(await(ledger.keepLedgerSums(1000))).isEqualTo(2L);
        assertThat(available(shop)).isEqualByComparingTo("2775.00");
        assertThat(available(other)).isEqualByComparingTo("50.00");
    }

    @Test
    void theCutNeverPassesAnEntryStillBeingWritten() throws Exception {
        credit(shop, "10.00", 3);
        SqlConnection writer = await(database.transactions().getConnection());
        try {
            Transaction open = await(writer.begin());
            await(writer.query("INSERT INTO ledger_entries (merchant_id, kind, source_id, amount) VALUES ('" + shop
                            + "', 'payment', gen_random_uuid(), 40.00)")
                    .execute());
            credit(shop, "1.00", 1); // a later id, committed while the one before it is not

            assertThat(await(ledger.keepLedgerSums(1000))).isZero(); // the writer holds the table: the cut waits
            assertThat(cut()).isZero();

            await(open.commit());
            assertThat(await(ledger.keepLedgerSums(1000))).isEqualTo(5L);
            assertThat(available(shop)).isEqualByComparingTo("71.00");
            assertThat(count("SELECT sum(amount) FROM ledger_balances WHERE merchant_id = '" + shop + "'"))
                    .isEqualTo(71);
        } finally {
            await(writer.close());
        }
    }

    private BigDecimal available(UUID merchant) throws Exception {
        return await(ledger.balance(merchant)).available();
    }

    private void credit(UUID merchant, String amount, int times) throws Exception {
        run("INSERT INTO ledger_entries (merchant_id, kind, source_id, amount) SELECT '" + merchant
                + "', 'payment', gen_random_uuid(), " + amount + " FROM generate_series(1, " + times + ")");
    }

    private long cut() throws Exception {
        return count("SELECT through_id FROM ledger_cut");
    }

    private long count(String sql) throws Exception {
        return await(connection.query(sql).execute()).iterator().next().getLong(0);
    }

    private void run(String sql) throws Exception {
        await(connection.query(sql).execute());
    }
}
