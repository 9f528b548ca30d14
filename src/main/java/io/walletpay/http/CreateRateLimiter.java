package io.walletpay.http;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The per-merchant limit of the create route (a token bucket per merchant, from bucket4j), shared by every
 * HTTP verticle of the JVM, so the limit is per node whatever the number of event loops.
 */
public final class CreateRateLimiter {

    private final int perSecond;
    private final Map<UUID, Bucket> buckets = new ConcurrentHashMap<>();

    public CreateRateLimiter(int perSecond) {
        this.perSecond = perSecond;
    }

    /** Takes one request from the merchant's bucket, or throws 429 with the seconds to wait. */
    void acquire(UUID merchantId) {
        ConsumptionProbe probe =
                buckets.computeIfAbsent(merchantId, id -> newBucket()).tryConsumeAndReturnRemaining(1);
        if (!probe.isConsumed()) {
            long seconds = Math.max(1, (probe.getNanosToWaitForRefill() + 999_999_999L) / 1_000_000_000L);
            throw new RateLimitedException(seconds);
        }
    }

    private Bucket newBucket() {
        return Bucket.builder()
                .addLimit(Bandwidth.builder()
                        .capacity(perSecond)
                        .refillGreedy(perSecond, Duration.ofSeconds(1))
                        .build())
                .build();
    }
}
