package io.walletpay.usecase;

import io.walletpay.store.PersonStore;
import io.walletpay.store.PersonStoreContract;
import io.walletpay.store.PortalSessionStore;
import java.time.Clock;
import java.util.UUID;

/** The people's contract on the in-memory store the use cases' tests run over. */
class InMemoryPersonStoreContractTest extends PersonStoreContract {

    private final InMemoryPortalSessionStore sessions = new InMemoryPortalSessionStore();
    private final InMemoryPersonStore people = new InMemoryPersonStore(Clock.systemUTC(), sessions);

    @Override
    protected PersonStore people() {
        return people;
    }

    @Override
    protected PortalSessionStore sessions() {
        return sessions;
    }

    @Override
    protected UUID newMerchant() {
        return UUID.randomUUID();
    }
}
