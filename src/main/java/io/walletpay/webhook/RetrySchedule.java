package io.walletpay.webhook;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.DoubleSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * When each delivery attempt of one webhook happens: the configured waits, spread by jitter and stretched by a
 * merchant's {@code Retry-After}. {@code delays.get(n - 1)} is the wait before attempt {@code n}; the list's length
 * is the number of attempts.
 */
public record RetrySchedule(List<Duration> delays) {

    /** A merchant may ask us to wait, but not for longer than this; a bigger value is treated as this. */
    public static final Duration RETRY_AFTER_CAP = Duration.ofHours(24);

    public static final String DEFAULT_SPEC = "0s,5s,5m,30m,2h,5h,10h,10h,14h,20h,24h";

    // ±20 %: after an outage, merchants' endpoints are not all hit again in the same second
    private static final double JITTER = 0.2;
    private static final Pattern ELEMENT = Pattern.compile("(\\d{1,18})(ms|s|m|h)");

    public RetrySchedule {
        delays = List.copyOf(delays);
        if (delays.isEmpty()) {
            throw new IllegalArgumentException("a retry schedule needs at least one attempt");
        }
        for (Duration delay : delays) {
            if (delay.isNegative()) {
                throw new IllegalArgumentException("a retry delay cannot be negative: " + delay);
            }
            try {
                delay.toMillis(); // jitter works in milliseconds: fail at start-up, not at the 9th attempt
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException("a retry delay is too long: " + delay);
            }
        }
    }

    /** Immediately, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h, 20 h, 24 h: about three days in all. */
    public static RetrySchedule defaults() {
        return parse(DEFAULT_SPEC);
    }

    /** Reads a config value such as {@code "0s,5s,5m,2h"}; units are ms, s, m and h. */
    public static RetrySchedule parse(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException("retry schedule is empty");
        }
        String[] elements = spec.split(",", -1);
        List<Duration> delays = new ArrayList<>(elements.length);
        for (int i = 0; i < elements.length; i++) {
            delays.add(parseElement(elements[i].trim(), i + 1));
        }
        return new RetrySchedule(delays);
    }

    public int maxAttempts() {
        return delays.size();
    }

    /**
     * The wait before attempt {@code attemptNumber} (1-based), or empty when the attempts are used up.
     *
     * @param retryAfter what the merchant's last response asked for, or null
     * @param random uniform in [0, 1); picks the jitter
     */
    public Optional<Duration> delayBeforeAttempt(int attemptNumber, Duration retryAfter, DoubleSupplier random) {
        if (attemptNumber < 1) {
            throw new IllegalArgumentException("attempts are numbered from 1: " + attemptNumber);
        }
        if (attemptNumber > delays.size()) {
            return Optional.empty();
        }
        Duration delay = jittered(delays.get(attemptNumber - 1), random.getAsDouble());
        if (retryAfter != null) {
            Duration asked = retryAfter.compareTo(RETRY_AFTER_CAP) > 0 ? RETRY_AFTER_CAP : retryAfter;
            // Retry-After may only slow us down: a merchant cannot make us retry faster than the schedule
            if (asked.compareTo(delay) > 0) {
                delay = asked;
            }
        }
        return Optional.of(delay);
    }

    private static Duration jittered(Duration delay, double random) {
        if (!(random >= 0.0 && random < 1.0)) {
            throw new IllegalArgumentException("random must be in [0, 1): " + random);
        }
        double factor = 1.0 - JITTER + 2 * JITTER * random;
        return Duration.ofMillis(Math.round(delay.toMillis() * factor));
    }

    private static Duration parseElement(String element, int position) {
        Matcher m = ELEMENT.matcher(element);
        if (!m.matches()) {
            throw new IllegalArgumentException(
                    "retry schedule element " + position + " '" + element + "' is not <digits><ms|s|m|h>");
        }
        long amount = Long.parseLong(m.group(1));
        try {
            return switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(amount);
                case "s" -> Duration.ofSeconds(amount);
                case "m" -> Duration.ofMinutes(amount);
                default -> Duration.ofHours(amount);
            };
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(
                    "retry schedule element " + position + " '" + element + "' is too large");
        }
    }
}
