package io.walletpay.store;

import static io.walletpay.store.ContractCalls.await;

import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Tuple;
import io.walletpay.support.BehaviourTest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The contract of rows past their use on PostgreSQL: the statements the sweep's timer runs. */
@BehaviourTest
class PgRetentionStoreContractTest extends RetentionStoreContract {

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    private Database database;
    private RetentionStore retention;
    private UUID merchant;
    private UUID person;
    private UUID delivery;

    @BeforeEach
    void openStore() throws Exception {
        database = fixture.database("retention-store-contract");
        retention = new PgRetentionStore(database);
        merchant = StoreTestSupport.merchant(database);
        person = StoreTestSupport.person(database, merchant, "owner");
        delivery = UUID.randomUUID();
        await(database.statements()
                .preparedQuery("INSERT INTO payments (id, merchant_id, amount, fees, net_amount, checkout_token,"
                        + " redirect_url, expires_at) VALUES ($1, $2, 1.00, 0, 1.00, $1::text, 'http://p',"
                        + " now() + interval '1 hour')")
                .execute(Tuple.of(delivery, merchant)));
        await(database.statements()
                .preparedQuery("INSERT INTO webhook_deliveries (id, merchant_id, payment_id, event, body)"
                        + " VALUES ($1, $2, $1, 'payment.updated', '{}')")
                .execute(Tuple.of(delivery, merchant)));
    }

    @AfterEach
    void closeStore() throws Exception {
        await(database.close());
    }

    @Override
    protected RetentionStore retention() {
        return retention;
    }

    @Override
    protected void session(String name, Duration openFor, Duration idleFor) throws Exception {
        await(database.statements()
                .preparedQuery("INSERT INTO portal_sessions (id_hash, merchant_id, person_id, created_at,"
                        + " last_seen_at, source_address) VALUES ($1, $2, $5, now() - $3::int * interval '1 second',"
                        + " now() - $4::int * interval '1 second', '127.0.0.1')")
                .execute(Tuple.of(
                        Buffer.buffer(name.getBytes(StandardCharsets.UTF_8)),
                        merchant,
                        (int) openFor.toSeconds(),
                        (int) idleFor.toSeconds(),
                        person)));
    }

    @Override
    protected List<String> sessions() throws Exception {
        return StoreTestSupport.rows(database, "SELECT convert_from(id_hash, 'UTF8') AS name FROM portal_sessions")
                .stream()
                .map(json -> new io.vertx.core.json.JsonObject(json).getString("name"))
                .toList();
    }

    @Override
    protected void attempt(String name, Duration ago) throws Exception {
        await(database.statements()
                .preparedQuery("INSERT INTO webhook_attempts (delivery_id, attempted_at, status_code, duration_ms,"
                        + " response_excerpt) VALUES ($1, now() - $2::int * interval '1 second', 200, 5, $3)")
                .execute(Tuple.of(delivery, (int) ago.toSeconds(), name)));
    }

    @Override
    protected List<String> attempts() throws Exception {
        return StoreTestSupport.rows(database, "SELECT response_excerpt AS name FROM webhook_attempts ORDER BY id")
                .stream()
                .map(json -> new io.vertx.core.json.JsonObject(json).getString("name"))
                .toList();
    }
}
