package io.walletpay.bus;

import io.vertx.core.Future;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.eventbus.Message;
import io.vertx.core.eventbus.MessageConsumer;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Request/reply over the bus with the service's error model on both ends: a {@link ServiceException} travels as
 * the reply body and is rethrown on the caller's side; a timeout or missing handler becomes 503, so a caller
 * never waits longer than the request timeout.
 */
public final class BusCalls {

    private static final Logger log = LoggerFactory.getLogger(BusCalls.class);

    private final EventBus bus;
    private final DeliveryOptions options;

    public BusCalls(EventBus bus, long timeoutMs) {
        this.bus = bus;
        this.options = new DeliveryOptions().setSendTimeout(timeoutMs);
    }

    /** Asks the store that serves {@code operation}; the reply arrives as the operation's reply type. */
    public <Q, R> Future<R> request(BusOperation<Q, R> operation, Q body) {
        return bus.request(operation.address(), operation.request().cast(body), options)
                .recover(BusCalls::unavailable)
                .map(reply -> {
                    Object value = reply.body();
                    if (value instanceof ServiceException failure) {
                        throw failure;
                    }
                    return operation.reply().cast(value);
                });
    }

    /**
     * Serves {@code operation} on {@code bus}: every request is handed to {@code handler} as the operation's request
     * type and answered with the outcome of its future. The one way a store answers the bus (node-local).
     */
    public static <Q, R> MessageConsumer<Object> serve(
            EventBus bus, BusOperation<Q, R> operation, Function<Q, Future<R>> handler) {
        // node-local: requests carry LocalCodec objects that cannot cross a cluster, and the store of this node
        // answers them; with cluster.enabled a plain consumer would take requests from other nodes too
        return bus.localConsumer(operation.address(), message -> {
            Future<R> result;
            try {
                result = handler.apply(operation.request().cast(message.body()));
            } catch (RuntimeException failure) {
                result = Future.failedFuture(failure);
            }
            reply(message, result);
        });
    }

    /** Answers {@code message} with the outcome of {@code result}. */
    public static <T> void reply(Message<?> message, Future<T> result) {
        result.onComplete(done -> {
            if (done.succeeded()) {
                message.reply(done.result());
            } else if (done.cause() instanceof ServiceException expected) {
                message.reply(expected);
            } else {
                // the store classifies its database failures; anything else reaching here is a defect
                log.error("unexpected failure handling {}", message.address(), done.cause());
                message.reply(
                        new ServiceException(ErrorKind.INTERNAL, "internal_error", "Something went wrong on our side"));
            }
        });
    }

    private static <T> Future<T> unavailable(Throwable failure) {
        if (failure instanceof ReplyException reply && reply.failureType() != ReplyFailure.RECIPIENT_FAILURE) {
            return Future.failedFuture(ServiceException.unavailable());
        }
        return Future.failedFuture(failure);
    }
}
