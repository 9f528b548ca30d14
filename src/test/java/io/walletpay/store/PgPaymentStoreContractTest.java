package io.walletpay.store;

import io.walletpay.support.BehaviourTest;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The payment stores' contract on PostgreSQL, group commit on as in production. */
@BehaviourTest
class PgPaymentStoreContractTest extends PaymentStoreContract {

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    private Database database;
    private PgPayments stores;

    @BeforeEach
    void openStores() throws Exception {
        database = fixture.database("payment-store-contract");
        stores = PgPayments.on(database, fixture.config().payments(), true);
    }

    @Override
    protected PaymentStore payments() {
        return stores.payments();
    }

    @Override
    protected CheckoutStore checkouts() {
        return stores.checkouts();
    }

    @Override
    protected PaymentExpiryStore expiry() {
        return stores.expiry();
    }

    @Override
    protected UUID newMerchant() throws Exception {
        return StoreTestSupport.merchant(database);
    }
}
