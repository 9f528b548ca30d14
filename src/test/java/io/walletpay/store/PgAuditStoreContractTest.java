package io.walletpay.store;

import io.walletpay.support.BehaviourTest;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The audit store's contract on PostgreSQL. */
@BehaviourTest
class PgAuditStoreContractTest extends AuditStoreContract {

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    private Database database;
    private AuditStore audit;

    @BeforeEach
    void openStore() throws Exception {
        database = fixture.database("audit-store-contract");
        audit = new PgAuditStore(database, WakeUps.NONE);
    }

    @Override
    protected AuditStore audit() {
        return audit;
    }

    @Override
    protected UUID newMerchant() throws Exception {
        return StoreTestSupport.merchant(database);
    }
}
