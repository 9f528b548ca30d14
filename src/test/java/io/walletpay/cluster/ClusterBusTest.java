package io.walletpay.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vertx.core.Future;
import io.walletpay.ServiceVertx;
import io.walletpay.bus.Addresses;
import io.walletpay.bus.WakeUpMessages;
import io.walletpay.bus.WakeUpMessages.DeliveriesDue;
import io.walletpay.bus.WakeUpMessages.MerchantChanged;
import io.walletpay.bus.WakeUpMessages.PaymentUpdated;
import io.walletpay.config.AppConfig;
import io.walletpay.http.CreateRateLimiter;
import io.walletpay.http.RateLimitedException;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.TestConfig;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two clustered nodes in one JVM: wake-ups cross between them, store requests never do, and the create rate limit
 * is one bucket per merchant for both.
 */
@BehaviourTest
class ClusterBusTest {

    private static ServiceVertx first;
    private static ServiceVertx second;

    @BeforeAll
    static void joinTwoNodes() throws Exception {
        int portA = TestConfig.freePort();
        int portB = TestConfig.freePort();
        List<String> members = List.of("127.0.0.1:" + portA, "127.0.0.1:" + portB);
        Future<ServiceVertx> a = ServiceVertx.createClustered(
                new AppConfig.Cluster(true, members, "127.0.0.1", portA, 5), AppConfig.defaultEventLoops());
        Future<ServiceVertx> b = ServiceVertx.createClustered(
                new AppConfig.Cluster(true, members, "127.0.0.1", portB, 5), AppConfig.defaultEventLoops());
        first = a.toCompletionStage().toCompletableFuture().get(2, TimeUnit.MINUTES);
        second = b.toCompletionStage().toCompletableFuture().get(2, TimeUnit.MINUTES);
        WakeUpMessages.registerCodecs(first.vertx().eventBus());
        WakeUpMessages.registerCodecs(second.vertx().eventBus());
    }

    @AfterAll
    static void leave() throws Exception {
        for (ServiceVertx node : List.of(first, second)) {
            if (node != null) {
                node.vertx().close().toCompletionStage().toCompletableFuture().get(1, TimeUnit.MINUTES);
            }
        }
    }

    @Test
    void wakeUpsPublishedOnOneNodeReachTheOtherAsTheSameRecords() {
        List<Object> seen = new CopyOnWriteArrayList<>();
        List<Object> consumers = List.of(
                second.vertx().eventBus().consumer(Addresses.PAYMENT_UPDATED, m -> seen.add(m.body())),
                second.vertx().eventBus().consumer(Addresses.DELIVERIES_DUE, m -> seen.add(m.body())),
                second.vertx().eventBus().consumer(Addresses.MERCHANT_CHANGED, m -> seen.add(m.body())));
        PaymentUpdated payment = new PaymentUpdated(UUID.randomUUID(), UUID.randomUUID(), "succeeded");
        MerchantChanged merchant = new MerchantChanged(UUID.randomUUID());

        // registrations propagate through the cluster map: keep publishing until the other node has them
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            first.vertx().eventBus().publish(Addresses.PAYMENT_UPDATED, payment);
            first.vertx().eventBus().publish(Addresses.DELIVERIES_DUE, new DeliveriesDue());
            first.vertx().eventBus().publish(Addresses.MERCHANT_CHANGED, merchant);
            assertThat(seen).contains(payment, new DeliveriesDue(), merchant);
        });
        assertThat(consumers).hasSize(3);
    }

    @Test
    void bothNodesTakeFromOneBucketPerMerchant() throws Exception {
        int perSecond = 20;
        CreateRateLimiter onFirst = CreateRateLimiter.forNode(first.vertx(), perSecond);
        CreateRateLimiter onSecond = CreateRateLimiter.forNode(second.vertx(), perSecond);
        assertThat(onFirst.clusterWide()).isTrue();
        UUID merchant = UUID.randomUUID();
        UUID other = UUID.randomUUID();

        long started = System.nanoTime();
        List<Future<Void>> burst = new java.util.ArrayList<>();
        for (int i = 0; i < 60; i++) {
            burst.add(onEventLoop(first, () -> onFirst.acquire(merchant)));
            burst.add(onEventLoop(second, () -> onSecond.acquire(merchant)));
        }
        Future<Void> otherMerchant = onEventLoop(second, () -> onSecond.acquire(other));
        Future.join(burst)
                .otherwiseEmpty()
                .toCompletionStage()
                .toCompletableFuture()
                .get(60, TimeUnit.SECONDS);
        double seconds = (System.nanoTime() - started) / 1e9;

        long accepted = burst.stream().filter(Future::succeeded).count();
        // one bucket: its capacity plus what it refilled while the burst lasted, not that much on each node
        assertThat(accepted)
                .isGreaterThanOrEqualTo(perSecond)
                .isLessThanOrEqualTo(perSecond + (long) Math.ceil(perSecond * seconds));
        assertThat(accepted).isLessThan(2L * perSecond);
        assertThat(burst.stream().filter(Future::failed).map(Future::cause))
                .isNotEmpty()
                .allSatisfy(cause -> assertThat(cause).isInstanceOf(RateLimitedException.class));
        assertThat(otherMerchant.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS))
                .as("another merchant has a bucket of its own")
                .isNull();
    }

    /** Runs {@code call} on a context of {@code node}, as the HTTP verticles do. */
    private static <T> Future<T> onEventLoop(ServiceVertx node, java.util.function.Supplier<Future<T>> call) {
        io.vertx.core.Promise<T> promise = io.vertx.core.Promise.promise();
        node.vertx().getOrCreateContext().runOnContext(v -> call.get().onComplete(promise));
        return promise.future();
    }
}
