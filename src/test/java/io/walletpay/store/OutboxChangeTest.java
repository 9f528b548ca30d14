package io.walletpay.store;

import static io.walletpay.store.StoreTestSupport.await;
import static io.walletpay.store.StoreTestSupport.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vertx.core.Future;
import io.vertx.pgclient.PgBuilder;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.Tuple;
import io.walletpay.db.DatabaseTarget;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.payment.TransitionPayment;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.TestDatabase;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A payment's change and its outbox row commit together or not at all: whichever of the two PostgreSQL refuses,
 * the payment stays as it was, no row is written, and the connection goes back to the pool out of any transaction,
 * so the next change on it commits for real.
 */
@BehaviourTest
class OutboxChangeTest {

    private static final String STATE = "SELECT reference_id, status,"
            + " (SELECT count(*) FROM webhook_deliveries d WHERE d.payment_id = p.id) AS events"
            + " FROM payments p ORDER BY reference_id";

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    private Database database;
    private PaymentStore store;
    private UUID merchant;

    @BeforeEach
    void oneConnectionForTransactions() throws Exception {
        DatabaseTarget target = TestDatabase.migrated();
        Database shared = fixture.database(target, "outbox-change-test");
        // one connection: the change after a refused one runs on the very connection the refusal left
        Pool one = PgBuilder.pool()
                .with(new PoolOptions().setMaxSize(1))
                .connectingTo(target.connectOptions())
                .using(fixture.vertx())
                .build();
        database = new Database(shared.statements(), one);
        store = PgPayments.on(database, fixture.config().payments(), false).payments();
        merchant = StoreTestSupport.merchant(database);
        await(database.statements()
                .query("CREATE FUNCTION refuse_marked_event() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
                        + " IF NEW.body::jsonb -> 'data' ->> 'reference_id' = 'refused-event' THEN"
                        + " RAISE EXCEPTION 'this event is refused'; END IF; RETURN NEW; END $$;"
                        + " CREATE TRIGGER refuse_marked_event BEFORE INSERT ON webhook_deliveries"
                        + " FOR EACH ROW EXECUTE FUNCTION refuse_marked_event()")
                .execute());
    }

    @Test
    void aRefusedOutboxRowLeavesThePaymentAsItWas() throws Exception {
        UUID refused = payment("refused-event");
        UUID next = payment("next");

        assertThatThrownBy(() -> await(complete(refused, null))).hasMessageContaining("this event is refused");
        await(complete(next, null));

        assertThat(rows(database, STATE))
                .containsExactly(
                        "{\"reference_id\":\"next\",\"status\":\"completed\",\"events\":1}",
                        "{\"reference_id\":\"refused-event\",\"status\":\"pending\",\"events\":0}");
    }

    @Test
    void aRefusedChangeLeavesTheConnectionOutOfAnyTransaction() throws Exception {
        UUID refused = payment("refused-change");
        UUID next = payment("next");

        // PostgreSQL refuses a NUL in text: the change itself fails, before any outbox row
        assertThatThrownBy(() -> await(complete(refused, "nul\u0000byte"))).hasMessageContaining("0x00");
        await(complete(next, null));

        assertThat(rows(database, STATE))
                .containsExactly(
                        "{\"reference_id\":\"next\",\"status\":\"completed\",\"events\":1}",
                        "{\"reference_id\":\"refused-change\",\"status\":\"pending\",\"events\":0}");
    }

    private Future<?> complete(UUID payment, String payer) {
        return store.transition(new TransitionPayment(payment, merchant, PaymentStatus.COMPLETED, "tx", null, payer));
    }

    private UUID payment(String reference) throws Exception {
        UUID id = UUID.randomUUID();
        await(database.statements()
                .preparedQuery("INSERT INTO payments (id, merchant_id, reference_id, amount, fees, net_amount,"
                        + " checkout_token, redirect_url, expires_at) VALUES ($1, $2, $3, 100.00, 3.00, 97.00, $3,"
                        + " 'http://localhost/pay', now() + interval '1 hour')")
                .execute(Tuple.of(id, merchant, reference)));
        return id;
    }
}
