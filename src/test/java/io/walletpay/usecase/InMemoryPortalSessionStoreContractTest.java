package io.walletpay.usecase;

import io.walletpay.store.PortalSessionStore;
import io.walletpay.store.PortalSessionStoreContract;
import java.time.Duration;
import java.util.UUID;

/** The portal sessions' contract on the in-memory store the use cases' tests run over. */
class InMemoryPortalSessionStoreContractTest extends PortalSessionStoreContract {

    private final InMemoryPortalSessionStore sessions = new InMemoryPortalSessionStore();

    @Override
    protected PortalSessionStore sessions() {
        return sessions;
    }

    @Override
    protected UUID newMerchant() {
        return UUID.randomUUID();
    }

    @Override
    protected UUID newPerson(UUID merchant) {
        return UUID.randomUUID();
    }

    @Override
    protected void age(byte[] idHash, Duration ago) {
        sessions.age(idHash, ago);
    }
}
