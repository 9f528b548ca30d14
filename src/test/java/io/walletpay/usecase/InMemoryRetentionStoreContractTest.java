package io.walletpay.usecase;

import io.walletpay.store.RetentionStore;
import io.walletpay.store.RetentionStoreContract;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/** The contract of rows past their use on the in-memory store the use case's fast test runs over. */
class InMemoryRetentionStoreContractTest extends RetentionStoreContract {

    private final InMemoryRetentionStore store = new InMemoryRetentionStore(Clock.systemUTC());

    @Override
    protected RetentionStore retention() {
        return store;
    }

    @Override
    protected void session(String name, Duration openFor, Duration idleFor) {
        store.session(name, openFor, idleFor);
    }

    @Override
    protected List<String> sessions() {
        return List.copyOf(store.sessions.keySet());
    }

    @Override
    protected void attempt(String name, Duration ago) {
        store.attempt(name, ago);
    }

    @Override
    protected List<String> attempts() {
        return store.attempts.stream().map(InMemoryRetentionStore.Attempt::name).toList();
    }
}
