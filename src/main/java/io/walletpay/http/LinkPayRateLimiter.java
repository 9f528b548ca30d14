package io.walletpay.http;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import io.vertx.core.Vertx;
import io.vertx.core.shareddata.Shareable;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How many payments one client address may start through payment links: a token bucket per address (bucket4j) of
 * {@code payments.link_creates_per_minute}, refilled over a minute. A public link needs no credentials, so this is
 * what stops one machine from filling a merchant's payments (and its links' {@code max_payments}) with pending
 * payments. One limiter per JVM, shared by its HTTP verticles.
 */
final class LinkPayRateLimiter implements Shareable {

    private static final String SHARED = "walletpay.link-pay-rate";
    /** Addresses remembered at most; past it the buckets start over, as an idle bucket would be full anyway. */
    private static final int MAX_ADDRESSES = 100_000;

    private final int perMinute;
    private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

    private LinkPayRateLimiter(int perMinute) {
        this.perMinute = perMinute;
    }

    /** This JVM's limiter (the first HTTP verticle makes it). */
    static LinkPayRateLimiter shared(Vertx vertx, int perMinute) {
        return vertx.sharedData()
                .<String, LinkPayRateLimiter>getLocalMap(SHARED)
                .computeIfAbsent(SHARED, name -> new LinkPayRateLimiter(perMinute));
    }

    /** Takes one payment from {@code address}'s bucket; a {@link RateLimitedException} when it is empty. */
    void acquire(String address) {
        if (buckets.size() > MAX_ADDRESSES) {
            buckets.clear();
        }
        ConsumptionProbe probe = buckets.computeIfAbsent(address, any -> Bucket.builder()
                        .addLimit(Bandwidth.builder()
                                .capacity(perMinute)
                                .refillGreedy(perMinute, Duration.ofMinutes(1))
                                .build())
                        .build())
                .tryConsumeAndReturnRemaining(1);
        if (!probe.isConsumed()) {
            throw RateLimitedException.after(Duration.ofNanos(probe.getNanosToWaitForRefill()));
        }
    }
}
