package io.walletpay.checkout;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.shareddata.Shareable;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * One look-up at a time per key in this JVM: whoever asks about a key while a look-up of it is in flight waits for
 * that one and gets its answer, so fifty notifications of one order at once make one call to the provider. The
 * key is forgotten once its look-up has ended, decision applied: a caller after that finds the payment decided in
 * the database. Per JVM, shared by every HTTP verticle; other nodes run their own.
 */
public final class LookupsInFlight implements Shareable {

    private static final String SHARED = "walletpay.provider-lookups-in-flight";

    private final Map<String, Future<?>> inFlight = new ConcurrentHashMap<>();

    /** Look-ups of one caller alone (a test's); the service shares one per JVM through {@link #shared(Vertx)}. */
    public LookupsInFlight() {}

    /** This JVM's look-ups in flight (the first HTTP verticle makes the map). */
    public static LookupsInFlight shared(Vertx vertx) {
        return vertx.sharedData()
                .<String, LookupsInFlight>getLocalMap(SHARED)
                .computeIfAbsent(SHARED, name -> new LookupsInFlight());
    }

    /**
     * The answer of the look-up of {@code key} in flight, or of {@code lookUp} started now when there is none. The
     * answer comes on the caller's context, whichever event loop ran the look-up.
     */
    @SuppressWarnings("unchecked")
    public <T> Future<T> shared(String key, Supplier<Future<T>> lookUp) {
        Promise<T> promise = Promise.promise();
        Future<T> mine = promise.future();
        Future<T> running = (Future<T>) inFlight.computeIfAbsent(key, any -> mine);
        if (running == mine) {
            // started outside the map's lock: the look-up's callbacks may run before it returns
            Future<T> started;
            try {
                started = lookUp.get();
            } catch (RuntimeException e) {
                started = Future.failedFuture(e);
            }
            started.onComplete(done -> {
                inFlight.remove(key, running);
                promise.handle(done);
            });
        }
        Context context = Vertx.currentContext();
        return context == null ? running : Future.fromCompletionStage(running.toCompletionStage(), context);
    }

    /** How many keys are being looked up now. */
    int size() {
        return inFlight.size();
    }
}
