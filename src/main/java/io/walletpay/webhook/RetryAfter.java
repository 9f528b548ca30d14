package io.walletpay.webhook;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads a merchant's {@code Retry-After} header: delta-seconds or an RFC 1123 HTTP-date. Anything else is
 * ignored rather than trusted, since the header only ever delays a retry and a garbled one should not.
 */
public final class RetryAfter {

    private static final Pattern DELTA_SECONDS = Pattern.compile("\\d+");

    private RetryAfter() {}

    /** How long from {@code now} the header asks us to wait; a date already past means no wait. */
    public static Optional<Duration> parse(String headerValue, Instant now) {
        if (headerValue == null) {
            return Optional.empty();
        }
        String value = headerValue.trim();
        if (DELTA_SECONDS.matcher(value).matches()) {
            return Optional.of(seconds(value));
        }
        try {
            Instant at = OffsetDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME)
                    .toInstant();
            return Optional.of(at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO);
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    // Digits beyond a long still mean "a very long time"; the schedule caps it anyway.
    private static Duration seconds(String digits) {
        try {
            return Duration.ofSeconds(Long.parseLong(digits));
        } catch (NumberFormatException tooLong) {
            return Duration.ofSeconds(Long.MAX_VALUE);
        }
    }
}
