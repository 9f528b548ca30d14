package io.walletpay.store;

import io.opentelemetry.context.Scope;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.walletpay.error.ServiceException;
import io.walletpay.tracing.Tracing;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The stores of every running store verticle as one {@link Stores}: each call of a store interface runs on the
 * event loop of the verticle that owns the store's connections, so concurrent requests meet there and group commit
 * shares their statements and commits, and its answer comes back on the caller's own context. Calls are spread
 * over the verticles in turn. A store verticle bounds every call by {@code db.timeout_ms} and turns raw database
 * failures into the service's errors; with no store verticle running, a call answers 503.
 *
 * <p>Two places per operation: the interface method and its PostgreSQL implementation. The hop is done here once
 * for every method, by a {@link Proxy}, rather than by a delegating class per store. With tracing on, the caller's
 * trace is current while the store takes the call, so its flush and its webhook's outbox row know the request.
 */
public final class StoreCalls {

    /** One store verticle's stores, the context they run on and how that verticle guards each call. */
    record Instance(Context context, Stores stores, UnaryOperator<Future<Object>> guard) {}

    private final List<Instance> instances = new CopyOnWriteArrayList<>();
    private final AtomicInteger turn = new AtomicInteger();
    private final Stores stores;

    public StoreCalls() {
        this.stores = new Stores(
                proxy(MerchantStore.class, Stores::merchants),
                proxy(AuditStore.class, Stores::audit),
                proxy(PaymentStore.class, Stores::payments),
                proxy(CheckoutStore.class, Stores::checkouts),
                proxy(PaymentExpiryStore.class, Stores::expiry),
                proxy(DeliveryStore.class, Stores::deliveries),
                proxy(ReportStore.class, Stores::reports),
                proxy(DatabaseHealth.class, Stores::health),
                proxy(PaymentLinkStore.class, Stores::links),
                proxy(PortalSessionStore.class, Stores::portalSessions),
                proxy(ProviderOrderStore.class, Stores::providerOrders),
                proxy(TransferStore.class, Stores::transfers),
                proxy(BooksStore.class, Stores::books),
                proxy(EndpointStore.class, Stores::endpoints),
                proxy(ApiKeyStore.class, Stores::keys),
                proxy(RetentionStore.class, Stores::retention),
                proxy(PersonStore.class, Stores::people));
    }

    /** The stores as callers use them; calls made while no store verticle runs answer 503. */
    public Stores stores() {
        return stores;
    }

    void add(Instance instance) {
        instances.add(instance);
    }

    void remove(Instance instance) {
        instances.remove(instance);
    }

    private <T> T proxy(Class<T> api, Function<Stores, T> pick) {
        return api.cast(Proxy.newProxyInstance(api.getClassLoader(), new Class<?>[] {api}, (proxy, method, args) -> {
            if (method.getDeclaringClass() == Object.class) {
                return objectMethod(api, proxy, method, args);
            }
            Instance instance = next();
            if (instance == null) {
                return Future.failedFuture(ServiceException.unavailable());
            }
            return call(instance, () -> invoke(method, pick.apply(instance.stores()), args));
        }));
    }

    private Instance next() {
        int n = instances.size();
        if (n == 0) {
            return null;
        }
        try {
            return n == 1 ? instances.get(0) : instances.get(Math.floorMod(turn.getAndIncrement(), n));
        } catch (IndexOutOfBoundsException stoppedMeanwhile) {
            return null;
        }
    }

    /** Runs {@code work} on the instance's context and answers on the caller's. */
    private static Future<Object> call(Instance instance, java.util.function.Supplier<Future<Object>> work) {
        Context caller = Vertx.currentContext();
        if (caller == instance.context()) {
            return instance.guard().apply(work.get());
        }
        Promise<Object> answer = Promise.promise();
        io.opentelemetry.context.Context trace = Tracing.current(); // the caller's span, for the store's flush
        instance.context().runOnContext(started -> {
            Future<Object> worked;
            try (Scope ignored = Tracing.attach(trace)) {
                worked = work.get();
            }
            instance.guard().apply(worked).onComplete(done -> {
                if (caller == null) {
                    answer.handle(done);
                } else {
                    caller.runOnContext(back -> answer.handle(done));
                }
            });
        });
        return answer.future();
    }

    @SuppressWarnings("unchecked")
    private static Future<Object> invoke(Method method, Object target, Object[] args) {
        try {
            return (Future<Object>) method.invoke(target, args);
        } catch (InvocationTargetException thrown) {
            return Future.failedFuture(thrown.getCause());
        } catch (IllegalAccessException | RuntimeException defect) {
            return Future.failedFuture(defect);
        }
    }

    private static Object objectMethod(Class<?> api, Object proxy, Method method, Object[] args) {
        return switch (method.getName()) {
            case "equals" -> proxy == args[0];
            case "hashCode" -> System.identityHashCode(proxy);
            default -> "StoreCalls(" + api.getSimpleName() + ")";
        };
    }
}
