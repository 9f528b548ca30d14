package io.walletpay.http;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.distributed.AsyncBucketProxy;
import io.github.bucket4j.distributed.proxy.AsyncProxyManager;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.shareddata.Shareable;
import io.walletpay.cluster.ClusterBuckets;
import io.walletpay.config.AppConfig;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How many times the customer's return and the provider's Alert URL may ask MonCash, whose retrieve calls spend the
 * business account's API quota (money out spends the same): a token bucket per client address of
 * {@code provider.lookups_per_address_per_minute} (this node's), and one for the whole service of
 * {@code provider.lookups_per_minute}, refilled over a minute. Only look-ups count: an answer from our own record, or
 * a refusal of what is no payment of ours, takes nothing.
 *
 * <p>On a clustered node the service's bucket lives in the cluster ({@link ClusterBuckets}), so all nodes together
 * keep to it; when the cluster does not answer within {@link CreateRateLimiter#CLUSTER_TIMEOUT_MS}, this node's own
 * bucket decides for {@link CreateRateLimiter#CLUSTER_RETRY_AFTER_MS}. One limiter per JVM, shared by its HTTP
 * verticles.
 */
final class ProviderLookupLimits implements Shareable {

    private static final Logger log = LoggerFactory.getLogger(ProviderLookupLimits.class);
    private static final String SHARED = "walletpay.provider-lookup-limits";
    /** The service's bucket in the cluster's map, beside the merchants' create buckets (named by merchant id). */
    private static final String CLUSTER_KEY = "provider-lookups";
    /** Addresses remembered at most; past it the buckets start over, as an idle bucket would be full anyway. */
    private static final int MAX_ADDRESSES = 100_000;

    private final int perAddress;
    private final BucketConfiguration service;
    private final Bucket local;
    private final AsyncBucketProxy cluster;
    private final Map<String, Bucket> addresses = new ConcurrentHashMap<>();
    private volatile long clusterRetryAt = System.nanoTime() - 1;

    ProviderLookupLimits(int perMinute, int perAddressPerMinute, AsyncProxyManager<String> cluster) {
        this.perAddress = perAddressPerMinute;
        this.service =
                BucketConfiguration.builder().addLimit(perMinute(perMinute)).build();
        this.local = Bucket.builder().addLimit(perMinute(perMinute)).build();
        this.cluster = cluster == null
                ? null
                : cluster.builder().build(CLUSTER_KEY, () -> CompletableFuture.completedFuture(service));
    }

    /**
     * This JVM's limiter (the first HTTP verticle makes it). On a clustered node the buckets' map was made at
     * start-up already, off the event loop, by the create route's limiter ({@link CreateRateLimiter#forNode}).
     */
    static ProviderLookupLimits shared(Vertx vertx, AppConfig.Provider provider) {
        return vertx.sharedData()
                .<String, ProviderLookupLimits>getLocalMap(SHARED)
                .computeIfAbsent(
                        SHARED,
                        name -> new ProviderLookupLimits(
                                provider.lookupsPerMinute(),
                                provider.lookupsPerAddressPerMinute(),
                                vertx.isClustered() ? ClusterBuckets.of(vertx).orElse(null) : null));
    }

    /**
     * Takes one look-up from {@code address}'s bucket, then from the service's; fails with a
     * {@link RateLimitedException} (429, how long to wait) when either is empty. An address over its limit takes
     * nothing from the service's bucket. The answer comes on the caller's context.
     */
    Future<Void> take(String address) {
        if (addresses.size() > MAX_ADDRESSES) {
            addresses.clear();
        }
        ConsumptionProbe own = addresses
                .computeIfAbsent(
                        address,
                        any -> Bucket.builder().addLimit(perMinute(perAddress)).build())
                .tryConsumeAndReturnRemaining(1);
        if (!own.isConsumed()) {
            return refused(own);
        }
        return serviceProbe().compose(probe -> probe.isConsumed() ? Future.succeededFuture() : refused(probe));
    }

    private Future<ConsumptionProbe> serviceProbe() {
        if (cluster == null || System.nanoTime() - clusterRetryAt < 0) {
            return Future.succeededFuture(local.tryConsumeAndReturnRemaining(1));
        }
        Context context = Vertx.currentContext();
        CompletableFuture<ConsumptionProbe> probe;
        try {
            probe = cluster.tryConsumeAndReturnRemaining(1);
        } catch (RuntimeException notActive) { // Hazelcast refuses at once when its instance is shutting down
            probe = CompletableFuture.failedFuture(notActive);
        }
        Future<ConsumptionProbe> answer =
                context == null ? Future.fromCompletionStage(probe) : Future.fromCompletionStage(probe, context);
        return answer.timeout(CreateRateLimiter.CLUSTER_TIMEOUT_MS, TimeUnit.MILLISECONDS)
                .recover(failure -> {
                    clusterRetryAt =
                            System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CreateRateLimiter.CLUSTER_RETRY_AFTER_MS);
                    log.warn(
                            "cluster-wide provider look-up limit unavailable ({}); this node's bucket decides",
                            failure.toString());
                    return Future.succeededFuture(local.tryConsumeAndReturnRemaining(1));
                });
    }

    private static Bandwidth perMinute(int count) {
        return Bandwidth.builder()
                .capacity(count)
                .refillGreedy(count, Duration.ofMinutes(1))
                .build();
    }

    private static Future<Void> refused(ConsumptionProbe probe) {
        return Future.failedFuture(RateLimitedException.after(Duration.ofNanos(probe.getNanosToWaitForRefill())));
    }
}
