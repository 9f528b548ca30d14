package io.walletpay.store;

import io.walletpay.support.BehaviourTest;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The people's contract on PostgreSQL. */
@BehaviourTest
class PgPersonStoreContractTest extends PersonStoreContract {

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    private Database database;
    private PersonStore people;
    private PortalSessionStore sessions;

    @BeforeEach
    void openStore() throws Exception {
        database = fixture.database("person-contract");
        people = new PgPersonStore(database);
        sessions = new PgPortalSessionStore(database);
    }

    @Override
    protected PersonStore people() {
        return people;
    }

    @Override
    protected PortalSessionStore sessions() {
        return sessions;
    }

    @Override
    protected UUID newMerchant() throws Exception {
        return StoreTestSupport.merchant(database);
    }
}
