package io.walletpay.usecase;

import io.walletpay.store.PaymentStore;
import io.walletpay.store.ProviderOrderStore;
import io.walletpay.store.ProviderOrderStoreContract;
import java.util.UUID;

/** The provider orders' contract on the in-memory stores the use cases' tests run over. */
class InMemoryProviderOrderStoreContractTest extends ProviderOrderStoreContract {

    private final InMemoryPaymentStore payments = new InMemoryPaymentStore();
    private final InMemoryProviderOrderStore orders = new InMemoryProviderOrderStore(payments);

    @Override
    protected ProviderOrderStore orders() {
        return orders;
    }

    @Override
    protected PaymentStore payments() {
        return payments;
    }

    @Override
    protected UUID newMerchant() {
        return UUID.randomUUID();
    }
}
