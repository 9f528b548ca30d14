package io.walletpay.checkout;

import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A Haitian mobile number, the kind a MonCash wallet has: eight digits starting with 3, 4 or 5, kept as the eleven
 * digits with the country code 509. Customers type it the local way ({@code 3712 3456}, {@code 37123456}) or with
 * the country code in any of the spellings people use ({@code 509 3712 3456}, {@code +509-3712-3456},
 * {@code (509) 3712.3456}, {@code 00509 3712 3456}); spaces, dashes, dots and the brackets around 509 are
 * separators. Anything else is read as a {@link Problem} saying exactly what is wrong.
 */
public record PhoneNumber(String digits) {

    /** The sandbox number whose payments are declined (insufficient funds); every other valid number pays. */
    public static final String SANDBOX_DECLINED = "50900000002";

    /** Why a typed number is not a Haitian mobile number. */
    public enum Problem {
        /** Nothing typed. */
        MISSING,
        /** Letters or signs that are not separators. */
        NOT_DIGITS,
        TOO_SHORT,
        TOO_LONG,
        /** A country code other than 509. */
        NOT_HAITIAN,
        /** Eight digits starting with 2: a fixed line, which has no wallet. */
        LANDLINE,
        /** Eight digits starting with something other than 2, 3, 4 or 5. */
        NOT_MOBILE
    }

    /** What {@link #read} made of the typed text: a number, or the problem with it. */
    public record Reading(PhoneNumber number, Problem problem) {

        public Optional<PhoneNumber> valid() {
            return Optional.ofNullable(number);
        }
    }

    private static final Pattern CANONICAL = Pattern.compile("509[3-5][0-9]{7}");
    private static final Pattern SEPARATORS = Pattern.compile("[ \\t\\u00A0\\u202F.()-]");
    private static final Pattern DIGITS = Pattern.compile("[0-9]+");
    private static final Pattern INTERNATIONAL_PREFIX = Pattern.compile("^(?:\\+|00(?=509))");
    // Generous bound so a pasted paragraph is refused before any pattern runs on it.
    private static final int MAX_RAW_LENGTH = 40;

    public PhoneNumber {
        Objects.requireNonNull(digits, "digits");
        if (!CANONICAL.matcher(digits).matches()) {
            throw new IllegalArgumentException("not a Haitian mobile number");
        }
    }

    /** Reads what a customer typed. */
    public static Reading read(String raw) {
        if (raw == null || raw.isBlank()) {
            return problem(Problem.MISSING);
        }
        if (raw.length() > MAX_RAW_LENGTH) {
            return problem(Problem.TOO_LONG);
        }
        String compact = SEPARATORS.matcher(raw.strip()).replaceAll("");
        boolean international = false;
        if (compact.startsWith("+")) {
            compact = compact.substring(1);
            international = true;
        } else if (compact.startsWith("00") && compact.length() > 8) { // 00 is the prefix only before a country code
            compact = compact.substring(2);
            international = true;
        }
        if (!DIGITS.matcher(compact).matches()) {
            return problem(Problem.NOT_DIGITS);
        }
        String local;
        if (compact.startsWith("509") && (international || compact.length() > 8)) {
            local = compact.substring(3);
        } else if (international) {
            return problem(Problem.NOT_HAITIAN);
        } else {
            local = compact;
        }
        if (local.length() < 8) {
            return problem(Problem.TOO_SHORT);
        }
        if (local.length() > 8) {
            return problem(Problem.TOO_LONG);
        }
        char first = local.charAt(0);
        if (first == '2') {
            return problem(Problem.LANDLINE);
        }
        if (first < '3' || first > '5') {
            return problem(Problem.NOT_MOBILE);
        }
        return new Reading(new PhoneNumber("509" + local), null);
    }

    /** The eleven digits of {@code raw} when it is a Haitian mobile number, else empty. */
    public static Optional<String> parse(String raw) {
        return from(raw).map(PhoneNumber::digits);
    }

    /** {@link #read(String)}, when it is a number. */
    public static Optional<PhoneNumber> from(String raw) {
        return read(raw).valid();
    }

    /** Whether {@code raw} is the sandbox's declining test number ({@code 0000 0002}, with or without 509). */
    public static boolean sandboxDeclined(String raw) {
        if (raw == null || raw.length() > MAX_RAW_LENGTH) {
            return false;
        }
        String compact = INTERNATIONAL_PREFIX
                .matcher(SEPARATORS.matcher(raw.strip()).replaceAll(""))
                .replaceFirst("");
        return compact.equals("00000002") || compact.equals(SANDBOX_DECLINED);
    }

    private static Reading problem(Problem problem) {
        return new Reading(null, problem);
    }
}
