package io.walletpay.store;

import static org.assertj.core.api.Assertions.catchThrowable;

import io.vertx.core.Future;
import io.walletpay.error.ServiceException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/** What the store contracts share: waiting for a store's answer, and the code a refused call fails with. */
public final class ContractCalls {

    /** A store call, which may fail before it returns a future. */
    @FunctionalInterface
    public interface Call {
        Future<?> run() throws Exception;
    }

    private ContractCalls() {}

    /** The call's answer, within 30 seconds. */
    public static <T> T await(Future<T> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    /** The code of the {@link ServiceException} the call fails with (or what else it failed with). */
    public static String code(Call call) {
        Throwable failure = catchThrowable(() -> await(call.run()));
        Throwable cause = failure instanceof ExecutionException wrapped ? wrapped.getCause() : failure;
        return cause instanceof ServiceException known ? known.code() : String.valueOf(cause);
    }
}
