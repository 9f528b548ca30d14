package io.walletpay.money;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;

/**
 * How long a transfer whose outcome is unknown is asked about at the provider before an operator is asked to
 * decide. MonCash's Transfert takes no idempotency key and its status look-up cannot see a transfer it is still
 * processing, so "not found" only means "not yet": the look-up is asked again with back-off (2 s, 4 s, 8 s … at
 * most five minutes) until the window since the first send has passed, one last time at its end, and then the
 * transfer is held for review rather than sent again.
 */
public record SettleWindow(Duration length) {

    static final Duration MAX_BACKOFF = Duration.ofMinutes(5);

    /**
     * When to ask again about a transfer first sent at {@code sentAt}, after {@code attempts} claims, at {@code now};
     * empty when the window is over and the transfer is to be held for review.
     */
    public Optional<Duration> nextLookUp(OffsetDateTime sentAt, int attempts, Instant now) {
        Instant end = sentAt.toInstant().plus(length);
        if (!now.isBefore(end)) {
            return Optional.empty();
        }
        Duration backoff = backoff(attempts);
        Duration left = Duration.between(now, end);
        // the last look-up falls on the window's end, so the window is used whole before anyone is asked
        return Optional.of(backoff.compareTo(left) < 0 ? backoff : left);
    }

    /** 2, 4, 8 … seconds, at most five minutes: a provider that cannot be reached is asked less often, never given up. */
    public static Duration backoff(int attempts) {
        long seconds = 1L << Math.min(Math.max(attempts, 1), 9);
        return Duration.ofSeconds(Math.min(seconds, MAX_BACKOFF.toSeconds()));
    }
}
