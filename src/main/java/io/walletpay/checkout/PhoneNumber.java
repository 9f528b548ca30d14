package io.walletpay.checkout;

import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A Haitian wallet phone number as the checkout accepts it: country code 509 and eight digits, kept as the
 * eleven digits only. Customers type it the local way ({@code 3700 1234}, {@code 37001234}) or with the country
 * code ({@code 509 3700 1234}, {@code +509-3700-1234}): spaces and dashes are tolerated, a leading "+" only before
 * the country code, nothing else.
 */
public record PhoneNumber(String digits) {

    /** The sandbox number whose payments are declined (insufficient funds); every other valid number pays. */
    public static final String SANDBOX_DECLINED = "50900000002";

    private static final Pattern CANONICAL = Pattern.compile("509[0-9]{8}");
    private static final Pattern LOCAL = Pattern.compile("[0-9]{8}");
    private static final Pattern SEPARATORS = Pattern.compile("[ \\t\\u00A0-]");
    // Generous bound so a pasted paragraph is rejected before any regex runs on it.
    private static final int MAX_RAW_LENGTH = 40;

    public PhoneNumber {
        Objects.requireNonNull(digits, "digits");
        if (!CANONICAL.matcher(digits).matches()) {
            throw new IllegalArgumentException("not a 509 wallet number");
        }
    }

    /** The eleven digits of {@code raw} when it is a Haitian wallet number, else empty. */
    public static Optional<String> parse(String raw) {
        if (raw == null || raw.length() > MAX_RAW_LENGTH) {
            return Optional.empty();
        }
        String compact = SEPARATORS.matcher(raw.strip()).replaceAll("");
        if (compact.startsWith("+")) {
            compact = compact.substring(1);
        } else if (LOCAL.matcher(compact).matches()) {
            compact = "509" + compact; // the eight digits people in Haiti give as their number
        }
        return CANONICAL.matcher(compact).matches() ? Optional.of(compact) : Optional.empty();
    }

    /** {@link #parse(String)}, as a value. */
    public static Optional<PhoneNumber> from(String raw) {
        return parse(raw).map(PhoneNumber::new);
    }

    public boolean declinedInSandbox() {
        return SANDBOX_DECLINED.equals(digits);
    }
}
