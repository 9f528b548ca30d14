package io.walletpay.store;

import io.vertx.core.Future;

/** Whether the store reaches its database and finds the schema this build expects. */
public interface DatabaseHealth {

    record Readiness(boolean ready, String detail) {}

    /** Never fails: an unreachable database is a readiness that says so. */
    Future<Readiness> readiness();
}
