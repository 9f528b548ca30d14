package io.walletpay.store;

import io.walletpay.support.BehaviourTest;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The API keys' contract on PostgreSQL. */
@BehaviourTest
class PgApiKeyStoreContractTest extends ApiKeyStoreContract {

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    private Database database;
    private ApiKeyStore keys;

    @BeforeEach
    void openStore() throws Exception {
        database = fixture.database("api-key-contract");
        keys = new PgApiKeyStore(database);
    }

    @Override
    protected ApiKeyStore keys() {
        return keys;
    }

    @Override
    protected UUID newMerchant() throws Exception {
        return StoreTestSupport.merchant(database);
    }
}
