package io.walletpay.store;

import static io.walletpay.store.ContractCalls.await;

import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Tuple;
import io.walletpay.support.BehaviourTest;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The portal sessions' contract on PostgreSQL; time passes by moving a session's times back. */
@BehaviourTest
class PgPortalSessionStoreContractTest extends PortalSessionStoreContract {

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    private Database database;
    private PortalSessionStore sessions;

    @BeforeEach
    void openStore() throws Exception {
        database = fixture.database("portal-session-contract");
        sessions = new PgPortalSessionStore(database);
    }

    @Override
    protected PortalSessionStore sessions() {
        return sessions;
    }

    @Override
    protected UUID newMerchant() throws Exception {
        return StoreTestSupport.merchant(database);
    }

    @Override
    protected UUID newPerson(UUID merchant) throws Exception {
        return StoreTestSupport.person(database, merchant, "owner");
    }

    @Override
    protected void age(byte[] idHash, Duration ago) throws Exception {
        await(database.statements()
                .preparedQuery("UPDATE portal_sessions SET created_at = created_at - $2::int * interval '1 second',"
                        + " last_seen_at = last_seen_at - $2::int * interval '1 second' WHERE id_hash = $1")
                .execute(Tuple.of(Buffer.buffer(idHash), (int) ago.toSeconds())));
    }
}
