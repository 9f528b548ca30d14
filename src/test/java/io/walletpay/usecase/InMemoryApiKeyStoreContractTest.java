package io.walletpay.usecase;

import io.walletpay.store.ApiKeyStore;
import io.walletpay.store.ApiKeyStoreContract;
import java.util.UUID;

/** The API keys' contract on the in-memory store the use cases' tests run over. */
class InMemoryApiKeyStoreContractTest extends ApiKeyStoreContract {

    private final InMemoryApiKeyStore keys = new InMemoryApiKeyStore();

    @Override
    protected ApiKeyStore keys() {
        return keys;
    }

    @Override
    protected UUID newMerchant() {
        return UUID.randomUUID();
    }
}
