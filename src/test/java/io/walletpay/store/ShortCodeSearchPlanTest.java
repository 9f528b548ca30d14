package io.walletpay.store;

import static io.walletpay.store.StoreTestSupport.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlConnection;
import io.walletpay.payment.ShortCode;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.TestMerchants;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The list's short-code filter finds a payment through the index of numbers, and one stored without a number through
 * the index of such rows' codes, in the plans PostgreSQL makes for the values given (the filter's other arms keep it
 * from caching a generic plan for this statement, as for the list's other filters).
 */
@BehaviourTest
class ShortCodeSearchPlanTest {

    private static final String MERCHANT = "00000000-0000-0000-0000-000000000002";

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    @Test
    void aCodeIsLookedUpByItsNumberOrByItselfWhenItsRowHasNone() throws Exception {
        Database database = fixture.database("short-code-plan-test");
        SqlConnection connection = await(database.transactions().getConnection());
        try {
            await(TestMerchants.row(UUID.fromString(MERCHANT)).insert(connection));
            // 40 000 payments keeping their numbers, 1 000 written without one
            run(
                    connection,
                    "INSERT INTO payments (id, merchant_id, reference_id, amount, fees, net_amount, checkout_token,"
                            + " redirect_url, expires_at, short_code, short_code_number) SELECT gen_random_uuid(), '"
                            + MERCHANT + "', 'r' || n, 10, 0, 10, md5(n::text), 'http://localhost/pay',"
                            + " now() + interval '30 minutes', payment_short_code(n), n"
                            + " FROM generate_series(1000000, 1039999) n");
            run(
                    connection,
                    "INSERT INTO payments (id, merchant_id, reference_id, amount, fees, net_amount, checkout_token,"
                            + " redirect_url, expires_at) SELECT gen_random_uuid(), '" + MERCHANT + "', 'u' || n,"
                            + " 10, 0, 10, 'u' || md5(n::text), 'http://localhost/pay', now() + interval '30 minutes'"
                            + " FROM generate_series(1, 1000) n");
            run(connection, "ANALYZE payments");
            run(
                    connection,
                    "PREPARE page(uuid, text, text, int, uuid, timestamptz, timestamptz, uuid, text, bigint) AS "
                            + PaymentSql.PAGE);

            String numbered = ShortCode.of(1_000_123);
            assertThat(plan(connection, numbered))
                    .contains("payments_short_code_number")
                    .doesNotContain("Seq Scan on payments");
            assertThat(found(connection, numbered)).containsExactly("r1000123");

            String unnumbered = firstRow(connection, "SELECT short_code FROM payments WHERE reference_id = 'u7'");
            assertThat(plan(connection, unnumbered))
                    .contains("payments_short_code_unnumbered")
                    .doesNotContain("Seq Scan on payments");
            assertThat(found(connection, unnumbered)).containsExactly("u7");
        } finally {
            await(connection.close());
            await(database.close());
        }
    }

    private static String execute(String code) {
        return "EXECUTE page('" + MERCHANT + "', NULL, NULL, 51, NULL, NULL, NULL, NULL, '" + code + "', "
                + ShortCode.number(code) + ")";
    }

    private static String plan(SqlConnection connection, String code) throws Exception {
        List<String> plan = new ArrayList<>();
        for (Row row : await(connection.query("EXPLAIN " + execute(code)).execute())) {
            plan.add(row.getString(0));
        }
        return String.join("\n", plan);
    }

    private static List<String> found(SqlConnection connection, String code) throws Exception {
        List<String> references = new ArrayList<>();
        for (Row row : await(connection.query(execute(code)).execute())) {
            references.add(row.getString("reference_id"));
        }
        return references;
    }

    private static String firstRow(SqlConnection connection, String sql) throws Exception {
        return await(connection.query(sql).execute()).iterator().next().getString(0);
    }

    private static void run(SqlConnection connection, String sql) throws Exception {
        await(connection.query(sql).execute());
    }
}
