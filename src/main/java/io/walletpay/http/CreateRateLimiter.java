package io.walletpay.http;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.distributed.AsyncBucketProxy;
import io.github.bucket4j.distributed.proxy.AsyncProxyManager;
import io.github.bucket4j.distributed.proxy.optimization.Optimizations;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.walletpay.cluster.ClusterBuckets;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The per-merchant limit of the create route: a token bucket per merchant (bucket4j) of
 * {@code payments.create_rate_per_second} tokens refilled each second.
 *
 * <p>On a single node the buckets live in this JVM, shared by every HTTP verticle. On a clustered node they
 * live in the cluster ({@link ClusterBuckets}), so all API nodes together take from one bucket per merchant. That call
 * is asynchronous (never blocks the event loop) and answers back on the caller's context; if the cluster does not
 * answer within {@link #CLUSTER_TIMEOUT_MS} (a member just died, partitions migrating), this node's own bucket
 * decides instead, and goes on deciding for {@link #CLUSTER_RETRY_AFTER_MS} before the cluster is asked again: a
 * hiccup of the cluster must never refuse payments, nor make each of them wait for the timeout.
 */
public final class CreateRateLimiter {

    static final long CLUSTER_TIMEOUT_MS = 1_000;
    /** After the cluster failed to answer, how long this node's own buckets decide before it is asked again. */
    static final long CLUSTER_RETRY_AFTER_MS = 5_000;

    private static final int MAX_PROXIES = 10_000;
    private static final Logger log = LoggerFactory.getLogger(CreateRateLimiter.class);

    private final int perSecond;
    private final BucketConfiguration configuration;
    /** What the cluster last said of each merchant's bucket, for the headers of answers that take nothing from it. */
    private final Map<UUID, Seen> seen = new ConcurrentHashMap<>();

    private final Map<UUID, Bucket> local = new ConcurrentHashMap<>();
    private final AsyncProxyManager<String> cluster;
    private final Map<UUID, AsyncBucketProxy> proxies = new ConcurrentHashMap<>();
    private final AtomicBoolean clusterFailing = new AtomicBoolean();
    private volatile long clusterRetryAt = System.nanoTime() - 1;

    /** Buckets shared by the cluster ({@link ClusterBuckets}), this node's own deciding while it does not answer. */
    public CreateRateLimiter(int perSecond, AsyncProxyManager<String> cluster) {
        this.perSecond = perSecond;
        this.configuration = BucketConfiguration.builder()
                .addLimit(Bandwidth.builder()
                        .capacity(perSecond)
                        .refillGreedy(perSecond, Duration.ofSeconds(1))
                        .build())
                .build();
        this.cluster = cluster;
    }

    /** Buckets in this JVM only: the single-node default. */
    public CreateRateLimiter(int perSecond) {
        this(perSecond, null);
    }

    /**
     * The limiter for a node: cluster-wide when {@code vertx} is clustered, per JVM otherwise. Clustering is checked
     * first so that a single node never loads {@link ClusterBuckets}, whose Hazelcast types only the cluster add-on
     * carries. Call it off the event loop (start-up): the first use of the map may wait for the cluster.
     */
    public static CreateRateLimiter forNode(Vertx vertx, int perSecond) {
        if (!vertx.isClustered()) {
            return new CreateRateLimiter(perSecond);
        }
        return ClusterBuckets.of(vertx)
                .map(cluster -> new CreateRateLimiter(perSecond, cluster))
                .orElseGet(() -> new CreateRateLimiter(perSecond));
    }

    /** True when the buckets are shared by the cluster. */
    public boolean clusterWide() {
        return cluster != null;
    }

    /**
     * Takes one request from the merchant's bucket; fails with 429 and the seconds to wait when it is empty. The
     * answer comes on the caller's context.
     */
    public Future<Void> acquire(UUID merchantId) {
        if (cluster == null || System.nanoTime() - clusterRetryAt < 0) {
            return decide(localProbe(merchantId));
        }
        Context context = Vertx.currentContext();
        CompletableFuture<ConsumptionProbe> probe;
        try {
            probe = proxies.computeIfAbsent(merchantId, this::proxy).tryConsumeAndReturnRemaining(1);
        } catch (RuntimeException notActive) { // Hazelcast refuses at once when its instance is shutting down
            probe = CompletableFuture.failedFuture(notActive);
        }
        Future<ConsumptionProbe> answer =
                context == null ? Future.fromCompletionStage(probe) : Future.fromCompletionStage(probe, context);
        return answer.timeout(CLUSTER_TIMEOUT_MS, TimeUnit.MILLISECONDS)
                .onSuccess(ok -> {
                    remember(merchantId, ok.getRemainingTokens());
                    if (clusterFailing.compareAndSet(true, false)) {
                        log.info("cluster-wide create rate limit answers again");
                    }
                })
                .recover(failure -> {
                    // not again for a while: every create would otherwise wait for the timeout first
                    clusterRetryAt = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CLUSTER_RETRY_AFTER_MS);
                    if (clusterFailing.compareAndSet(false, true)) {
                        log.warn(
                                "cluster-wide create rate limit unavailable ({}); this node's own buckets decide"
                                        + " until it answers again",
                                failure.toString());
                    }
                    return Future.succeededFuture(localProbe(merchantId));
                })
                .compose(CreateRateLimiter::decide);
    }

    /** The limit as a merchant's answers state it: creates per second, how many are left now, when it is full. */
    public record Quota(long limit, long remaining, long resetSeconds) {}

    private record Seen(long remaining, long atNanos) {}

    /**
     * The merchant's bucket as it stands, without taking from it. This node's bucket is read directly; a bucket in
     * the cluster is not asked again for every answer: what its last answer to this node said is refilled by the
     * time since, which is what the cluster would say unless other nodes took from it meanwhile.
     */
    public Quota quota(UUID merchantId) {
        long remaining;
        if (cluster == null || System.nanoTime() - clusterRetryAt < 0 || !seen.containsKey(merchantId)) {
            Bucket bucket = local.get(merchantId);
            remaining = bucket == null ? perSecond : bucket.getAvailableTokens();
        } else {
            Seen last = seen.get(merchantId);
            long refilled = (System.nanoTime() - last.atNanos()) * perSecond / TimeUnit.SECONDS.toNanos(1);
            remaining = Math.min(perSecond, last.remaining() + Math.max(0, refilled));
        }
        remaining = Math.max(0, Math.min(perSecond, remaining));
        long missing = perSecond - remaining;
        long reset = missing == 0
                ? 0
                : io.walletpay.error.ThrottleWait.seconds(
                        Duration.ofNanos(missing * TimeUnit.SECONDS.toNanos(1) / perSecond));
        return new Quota(perSecond, remaining, reset);
    }

    private void remember(UUID merchantId, long remaining) {
        if (seen.size() > MAX_PROXIES) {
            seen.clear(); // a bound like the proxies': a forgotten merchant reads as this node's bucket
        }
        seen.put(merchantId, new Seen(remaining, System.nanoTime()));
    }

    /**
     * One proxy per merchant, kept: bucket4j's batching merges the acquires that wait for the same merchant's
     * bucket on this node into one call to its owner, so a burst costs the cluster a few calls, not one each.
     */
    private AsyncBucketProxy proxy(UUID merchantId) {
        if (proxies.size() > MAX_PROXIES) {
            proxies.clear(); // a bound, not an eviction policy: proxies hold no state of their own
        }
        return cluster.builder()
                .withOptimization(Optimizations.batching())
                .build(merchantId.toString(), () -> CompletableFuture.completedFuture(configuration));
    }

    private ConsumptionProbe localProbe(UUID merchantId) {
        return local.computeIfAbsent(merchantId, id -> Bucket.builder()
                        .addLimit(configuration.getBandwidths()[0])
                        .build())
                .tryConsumeAndReturnRemaining(1);
    }

    private static Future<Void> decide(ConsumptionProbe probe) {
        if (probe.isConsumed()) {
            return Future.succeededFuture();
        }
        return Future.failedFuture(
                RateLimitedException.after(java.time.Duration.ofNanos(probe.getNanosToWaitForRefill())));
    }
}
