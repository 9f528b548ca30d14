package io.walletpay.usecase;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;

/** The answers of use cases over in-memory stores, which complete before the call returns. */
final class Done {

    /** The result of a future that has succeeded. */
    static <T> T done(Future<T> future) {
        assertThat(future.isComplete())
                .as("completed at once over in-memory stores")
                .isTrue();
        if (future.failed()) {
            throw new AssertionError("failed: " + future.cause(), future.cause());
        }
        return future.result();
    }

    /** The failure of a future that has failed. */
    static Throwable failure(Future<?> future) {
        assertThat(future.failed()).as("failed").isTrue();
        return future.cause();
    }

    private Done() {}
}
