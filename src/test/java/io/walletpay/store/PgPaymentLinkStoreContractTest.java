package io.walletpay.store;

import io.walletpay.support.BehaviourTest;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The payment links' contract on PostgreSQL. */
@BehaviourTest
class PgPaymentLinkStoreContractTest extends PaymentLinkStoreContract {

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    private Database database;
    private PaymentLinkStore links;

    @BeforeEach
    void openStore() throws Exception {
        database = fixture.database("payment-link-contract");
        links = new PgPaymentLinkStore(database);
    }

    @Override
    protected PaymentLinkStore links() {
        return links;
    }

    @Override
    protected UUID newMerchant() throws Exception {
        return StoreTestSupport.merchant(database);
    }
}
