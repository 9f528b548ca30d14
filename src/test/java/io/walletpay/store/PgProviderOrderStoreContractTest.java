package io.walletpay.store;

import io.walletpay.support.BehaviourTest;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The provider orders' contract on PostgreSQL. */
@BehaviourTest
class PgProviderOrderStoreContractTest extends ProviderOrderStoreContract {

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    private Database database;
    private PgPayments payments;
    private ProviderOrderStore orders;

    @BeforeEach
    void openStores() throws Exception {
        database = fixture.database("provider-order-contract");
        payments = PgPayments.on(database, fixture.config().payments(), true);
        orders = new PgProviderOrderStore(database);
    }

    @Override
    protected ProviderOrderStore orders() {
        return orders;
    }

    @Override
    protected PaymentStore payments() {
        return payments.payments();
    }

    @Override
    protected UUID newMerchant() throws Exception {
        return StoreTestSupport.merchant(database);
    }
}
