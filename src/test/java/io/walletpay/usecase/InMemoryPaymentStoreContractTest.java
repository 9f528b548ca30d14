package io.walletpay.usecase;

import io.walletpay.store.CheckoutStore;
import io.walletpay.store.PaymentExpiryStore;
import io.walletpay.store.PaymentStore;
import io.walletpay.store.PaymentStoreContract;
import java.util.UUID;

/** The payment stores' contract on the in-memory stores the use cases' tests run over. */
class InMemoryPaymentStoreContractTest extends PaymentStoreContract {

    private final InMemoryPaymentStore stores = new InMemoryPaymentStore();

    @Override
    protected PaymentStore payments() {
        return stores;
    }

    @Override
    protected CheckoutStore checkouts() {
        return stores;
    }

    @Override
    protected PaymentExpiryStore expiry() {
        return stores;
    }

    @Override
    protected UUID newMerchant() {
        return UUID.randomUUID();
    }
}
