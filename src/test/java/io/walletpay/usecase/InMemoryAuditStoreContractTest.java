package io.walletpay.usecase;

import io.walletpay.store.AuditStore;
import io.walletpay.store.AuditStoreContract;
import io.walletpay.support.TestMerchants;
import java.util.UUID;

/** The audit store's contract on the in-memory store the use cases' tests run over. */
class InMemoryAuditStoreContractTest extends AuditStoreContract {

    private final InMemoryAuditStore audit = new InMemoryAuditStore();

    @Override
    protected AuditStore audit() {
        return audit;
    }

    @Override
    protected UUID newMerchant() {
        return audit.add(TestMerchants.active()).id();
    }
}
