package io.walletpay.people;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.WorkerExecutor;
import java.util.concurrent.Callable;

/**
 * Where Argon2id runs: a small pool of its own, never an event loop and never the shared worker pool. Each hash
 * takes about 19 MiB and a tenth of a second of a core, so a burst of sign-ins waits its turn here instead of taking
 * the memory and the workers every other blocking task needs.
 */
public final class PasswordWorkers {

    /** Threads hashing at once: memory is bounded by this times one hash's. */
    public static final int SIZE = 2;

    private static final String NAME = "walletpay-passwords";

    private PasswordWorkers() {}

    /** Runs {@code work} on the pool (shared by name across verticles of one Vert.x), in any order. */
    public static <T> Future<T> run(Vertx vertx, Callable<T> work) {
        WorkerExecutor pool = vertx.createSharedWorkerExecutor(NAME, SIZE);
        return pool.executeBlocking(work, false);
    }
}
