package io.walletpay.store;

import static io.walletpay.store.StoreTestSupport.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlConnection;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.TestMerchants;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The checkout's decision looks each payment up by its token, even in the plan PostgreSQL caches for the prepared
 * statement while the table has no statistics yet (a new database's first minutes of traffic, before autovacuum
 * has analyzed it). Measured before this shape: that plan scanned every pending payment of the merchant for each
 * decision, 0.1 to 2 s each with 40 000 payments, and the checkout answered 503 while it lasted.
 */
@BehaviourTest
class CheckoutDecidePlanTest {

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    @Test
    void theGenericPlanOnATableWithoutStatisticsFindsPaymentsByTheirToken() throws Exception {
        Database database = fixture.database("plan-test");
        SqlConnection connection = await(database.transactions().getConnection());
        try {
            run(connection, "ALTER TABLE payments SET (autovacuum_enabled = false)"); // no analyze during the test
            await(TestMerchants.row(UUID.fromString("00000000-0000-0000-0000-000000000001"))
                    .insert(connection));
            run(
                    connection,
                    "INSERT INTO payments (id, merchant_id, reference_id, amount, fees, net_amount, checkout_token,"
                            + " redirect_url, expires_at) SELECT gen_random_uuid(),"
                            + " '00000000-0000-0000-0000-000000000001', 'r' || n, 10, 0, 10, md5(n::text),"
                            + " 'http://localhost/pay', now() + interval '30 minutes' FROM generate_series(1, 40000) n");
            run(connection, "SET plan_cache_mode = force_generic_plan");
            run(
                    connection,
                    "PREPARE decide(uuid[], text[], uuid[], text[], text[], text[], text[]) AS "
                            + PaymentSql.TRANSITION_ALL);

            List<String> plan = new ArrayList<>();
            for (Row row : await(connection
                    .query("EXPLAIN EXECUTE decide(ARRAY[NULL]::uuid[], ARRAY[md5('7')], ARRAY[NULL]::uuid[],"
                            + " ARRAY['completed'], ARRAY[NULL], ARRAY[NULL], ARRAY[NULL])")
                    .execute())) {
                plan.add(row.getString(0));
            }

            assertThat(String.join("\n", plan))
                    .contains("Index Scan using payments_checkout_token_key")
                    .doesNotContain("payments_pending_expiry")
                    .doesNotContain("Seq Scan on payments");
        } finally {
            await(connection.close());
            await(database.close());
        }
    }

    private static void run(SqlConnection connection, String sql) throws Exception {
        await(connection.query(sql).execute());
    }
}
