package io.walletpay.payment;

import java.util.Locale;
import java.util.Optional;

/**
 * Reading a payment's short code as someone typed it after hearing it over the phone: {@code WP-7K3M9Q2X},
 * {@code wp 7k3m 9q2x} or just {@code 7K3M9Q2X}. Crockford base32 forgives the letters people confuse with
 * digits: I and L are read as 1, O as 0.
 */
public final class ShortCode {

    private static final String ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    private static final int LENGTH = 8;
    private static final String PREFIX = "WP";

    private ShortCode() {}

    /** The code as stored ({@code WP-} and eight characters), or empty when the text cannot be one. */
    public static Optional<String> read(String typed) {
        if (typed == null || typed.length() > 40) {
            return Optional.empty();
        }
        String compact = typed.strip().toUpperCase(Locale.ROOT).replaceAll("[\\s-]", "");
        if (compact.length() == PREFIX.length() + LENGTH && compact.startsWith(PREFIX)) {
            compact = compact.substring(PREFIX.length());
        }
        if (compact.length() != LENGTH) {
            return Optional.empty();
        }
        StringBuilder code = new StringBuilder(PREFIX + "-");
        for (char c : compact.toCharArray()) {
            char read =
                    switch (c) {
                        case 'I', 'L' -> '1';
                        case 'O' -> '0';
                        default -> c;
                    };
            if (ALPHABET.indexOf(read) < 0) {
                return Optional.empty();
            }
            code.append(read);
        }
        return Optional.of(code.toString());
    }
}
