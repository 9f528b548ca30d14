package io.walletpay.login;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.walletpay.config.AppConfig;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Slows down guessing at secrets without letting anyone lock out someone else: every failed login (merchant token,
 * admin token, metrics token, portal) takes one token from a bucket of its source address and one from a bucket of
 * the account it named <em>from that address</em> (bucket4j), and while either bucket is empty the next attempt from
 * that address is refused before its secret is checked. A guesser therefore slows only itself: the owner of the
 * account, from an address without failures, always gets in. Only failures count, so a merchant who knows the
 * secret is never slowed by its own logins, and a success resets nothing, so a guesser cannot interleave a
 * known-good login to keep going. Shared by every HTTP verticle of the JVM; each map keeps the most recently used
 * keys only, so made-up ids and addresses cannot grow it without bound.
 */
public final class LoginThrottle {

    public static final int MAX_KEYS = 50_000;

    private final AppConfig.Logins config;
    private final Map<String, Bucket> byAddress = boundedMap();
    private final Map<String, Bucket> byAccountFromAddress = boundedMap();

    public LoginThrottle(AppConfig.Logins config) {
        this.config = config;
    }

    /** Empty when an attempt may be checked; otherwise how long the caller must wait first. */
    public Optional<Duration> blocked(String sourceAddress, String accountId) {
        long nanos = Math.max(
                waitNanos(byAddress, sourceAddress, config.failuresPerAddress()),
                waitNanos(byAccountFromAddress, pair(accountId, sourceAddress), config.failuresPerAccount()));
        return nanos == 0 ? Optional.empty() : Optional.of(Duration.ofNanos(nanos));
    }

    /** Counts one failed attempt against the address and against the account as named from that address. */
    public void failed(String sourceAddress, String accountId) {
        bucket(byAddress, sourceAddress, config.failuresPerAddress()).tryConsume(1);
        bucket(byAccountFromAddress, pair(accountId, sourceAddress), config.failuresPerAccount())
                .tryConsume(1);
    }

    /**
     * The login limit as an answer states it: failed attempts allowed per window ({@code limit}), how many are left
     * now from this address ({@code remaining}), and whole seconds until the bucket is full again. Of the address's
     * bucket and, when an account is named, that account's bucket from the address, the tighter one speaks; nothing
     * is taken from either.
     */
    public Quota quota(String sourceAddress, String accountId) {
        Quota address = quota(byAddress, sourceAddress, config.failuresPerAddress());
        if (accountId == null) {
            return address;
        }
        Quota account = quota(byAccountFromAddress, pair(accountId, sourceAddress), config.failuresPerAccount());
        return account.remaining() < address.remaining()
                        || (account.remaining() == address.remaining()
                                && account.resetSeconds() > address.resetSeconds())
                ? account
                : address;
    }

    /** Failed attempts allowed per window, how many are left, seconds until all are back. */
    public record Quota(long limit, long remaining, long resetSeconds) {}

    private Quota quota(Map<String, Bucket> buckets, String key, int capacity) {
        Bucket bucket;
        synchronized (buckets) {
            bucket = buckets.get(normalised(key));
        }
        long remaining = bucket == null ? capacity : Math.max(0, Math.min(capacity, bucket.getAvailableTokens()));
        long missing = capacity - remaining;
        long reset = missing == 0
                ? 0
                : io.walletpay.error.ThrottleWait.seconds(
                        Duration.ofNanos(config.window().toNanos() / capacity * missing));
        return new Quota(capacity, remaining, reset);
    }

    /** The key of an account named from an address; a space cannot occur in an address. */
    private static String pair(String accountId, String sourceAddress) {
        return normalised(sourceAddress) + " " + normalised(accountId);
    }

    private long waitNanos(Map<String, Bucket> buckets, String key, int capacity) {
        Bucket bucket;
        synchronized (buckets) {
            bucket = buckets.get(normalised(key));
        }
        if (bucket == null) {
            return 0;
        }
        return bucket.estimateAbilityToConsume(1).getNanosToWaitForRefill();
    }

    private Bucket bucket(Map<String, Bucket> buckets, String key, int capacity) {
        synchronized (buckets) {
            return buckets.computeIfAbsent(normalised(key), any -> Bucket.builder()
                    .addLimit(Bandwidth.builder()
                            .capacity(capacity)
                            .refillGreedy(capacity, config.window())
                            .build())
                    .build());
        }
    }

    /** Ids compare case-insensitively (a UUID in upper case is the same merchant); an absent one is one key. */
    private static String normalised(String key) {
        return key == null ? "" : key.strip().toLowerCase(java.util.Locale.ROOT);
    }

    private static Map<String, Bucket> boundedMap() {
        return Collections.synchronizedMap(new LinkedHashMap<>(1024, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Bucket> eldest) {
                return size() > MAX_KEYS;
            }
        });
    }
}
