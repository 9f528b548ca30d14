package io.walletpay.store;

import static io.walletpay.store.StoreTestSupport.await;
import static io.walletpay.store.StoreTestSupport.merchant;
import static io.walletpay.store.StoreTestSupport.rows;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.sqlclient.Tuple;
import io.walletpay.checkout.ProviderOrder;
import io.walletpay.db.DatabaseTarget;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The provider's notifications and the customer's return arrive together: every record of one try, made at the
 * same moment as others of the same try, succeeds, and the try ends as one row whose outcome is what the provider
 * said last that counts (paid wins over a decline).
 */
@BehaviourTest
class ProviderOrderRaceTest {

    private static final int PAYMENTS = 200;
    private static final int AT_ONCE = 8;

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    @Test
    void recordsOfOneTryMadeAtOnceAllSucceed() throws Exception {
        DatabaseTarget target = TestDatabase.migrated();
        Database database = fixture.database(target, "provider-orders-test");
        List<Database> sources = new ArrayList<>();
        try {
            UUID merchant = merchant(database);
            List<UUID> payments = new ArrayList<>();
            for (int i = 0; i < PAYMENTS; i++) {
                payments.add(payment(database, merchant));
            }
            // each source on connections of its own, as requests reaching different nodes or connections are; the
            // sources split one pool's size between them, so a busy machine is not also asked for hundreds of new
            // connections at once, which would make statements wait past the acquire timeout
            for (int i = 0; i < AT_ONCE; i++) {
                Database source = fixture.database(target, "provider-orders-source", AT_ONCE);
                await(source.open());
                sources.add(source);
            }

            List<Future<?>> racing = new ArrayList<>();
            for (UUID payment : payments) {
                ProviderOrder first = ProviderOrder.first(payment);
                ProviderOrder second = new ProviderOrder(payment, 2);
                for (int i = 0; i < AT_ONCE; i++) {
                    PgProviderOrderStore orders = new PgProviderOrderStore(sources.get(i));
                    racing.add(
                            switch (i % 3) {
                                case 0 -> orders.paid(first, "tx-paid-" + payment);
                                case 1 -> orders.declined(first, "tx-declined-" + payment, "declined");
                                default -> orders.open(second, "http://provider/pay?token=" + i);
                            });
                }
            }
            await(Future.join(racing).otherwiseEmpty());

            assertThat(racing).allSatisfy(record -> assertThat(record.cause()).isNull());
            assertThat(rows(
                            database,
                            "SELECT attempt, order_id = payment_id::text AS order_is_payment, outcome,"
                                    + " transaction_id LIKE 'tx-paid-%' AS paid_by_its_tx, count(*) AS rows"
                                    + " FROM provider_orders WHERE payment_id = ANY($1)"
                                    + " GROUP BY 1, 2, 3, 4 ORDER BY 1",
                            Tuple.of(payments.toArray(UUID[]::new))))
                    .containsExactly(
                            "{\"attempt\":1,\"order_is_payment\":true,\"outcome\":\"paid\",\"paid_by_its_tx\":true,"
                                    + "\"rows\":" + PAYMENTS + "}",
                            "{\"attempt\":2,\"order_is_payment\":false,\"outcome\":null,\"paid_by_its_tx\":null,"
                                    + "\"rows\":" + PAYMENTS + "}");
        } finally {
            for (Database source : sources) {
                await(source.close());
            }
            await(database.close());
        }
    }

    @Test
    void anOrderIdThatDoesNotFollowFromItsTryIsRefused() throws Exception {
        Database database = fixture.database("provider-orders-test");
        try {
            UUID payment = payment(database, merchant(database));

            Future<?> wrong = database.statements()
                    .preparedQuery("INSERT INTO provider_orders (payment_id, attempt, order_id) VALUES ($1, 2, $2)")
                    .execute(Tuple.of(payment, payment.toString()));
            await(wrong.otherwiseEmpty());

            assertThat(wrong.cause()).hasMessageContaining("provider_orders_order_id_follows_the_try");
        } finally {
            await(database.close());
        }
    }

    private static UUID payment(Database database, UUID merchant) throws Exception {
        UUID id = UUID.randomUUID();
        await(database.statements()
                .preparedQuery("INSERT INTO payments (id, merchant_id, amount, fees, net_amount, checkout_token,"
                        + " redirect_url, expires_at) VALUES ($1, $2, 10.00, 0, 10.00, $1::text, 'http://p',"
                        + " now() + interval '30 minutes')")
                .execute(Tuple.of(id, merchant)));
        return id;
    }
}
