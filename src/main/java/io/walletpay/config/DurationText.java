package io.walletpay.config;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A duration as the configuration writes one: digits and a unit, {@code 20s}, {@code 30m} or {@code 2h}. */
public final class DurationText {

    private static final Pattern TEXT = Pattern.compile("(\\d{1,9})(s|m|h)");

    private DurationText() {}

    public static Duration parse(String text) {
        Matcher m = text == null ? null : TEXT.matcher(text.strip());
        if (m == null || !m.matches()) {
            throw new IllegalArgumentException("expected digits and a unit (s, m or h), like 30m, got '" + text + "'");
        }
        long amount = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "s" -> Duration.ofSeconds(amount);
            case "m" -> Duration.ofMinutes(amount);
            default -> Duration.ofHours(amount);
        };
    }
}
