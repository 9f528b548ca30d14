package io.walletpay.payment;

import java.util.Locale;
import java.util.Optional;

/**
 * A payment's short code, one a customer can read to a shop over the phone: {@code WP-} and eight Crockford base32
 * characters. Codes are made from the numbers of one database sequence through a fixed permutation of 40-bit numbers
 * (a four-round Feistel network), so they are unique by construction and consecutive payments do not get codes that
 * look consecutive. Reading one as someone typed it after hearing it, {@code WP-7K3M9Q2X}, {@code wp 7k3m 9q2x} or
 * just {@code 7K3M9Q2X}, forgives the letters people confuse with digits: I and L are read as 1, O as 0.
 */
public final class ShortCode {

    private static final String ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    private static final int LENGTH = 8;
    private static final String PREFIX = "WP";
    private static final long LARGEST_NUMBER = (1L << 40) - 1;
    private static final long HALF_MASK = (1L << 20) - 1;

    private ShortCode() {}

    /**
     * The code of the sequence's {@code number}: the permutation the database's {@code payment_short_code} function
     * makes, so that a row given its code by the database and one given it here can never collide.
     *
     * @throws IllegalArgumentException when {@code number} is outside 40 bits
     */
    public static String of(long number) {
        if (number < 0 || number > LARGEST_NUMBER) {
            throw new IllegalArgumentException("short code number " + number + " outside 40 bits");
        }
        long left = (number >> 20) & HALF_MASK;
        long right = number & HALF_MASK;
        for (int round = 1; round <= 4; round++) {
            long previous = right;
            right = left ^ mix(right, round);
            left = previous;
        }
        long value = (left << 20) | right;
        char[] code = new char[LENGTH];
        for (int i = LENGTH - 1; i >= 0; i--) {
            code[i] = ALPHABET.charAt((int) (value & 31));
            value >>= 5;
        }
        return PREFIX + "-" + new String(code);
    }

    /**
     * The sequence number a code was made of, the inverse of {@link #of}: payments are stored and found by it, since
     * numbers come in order and codes do not.
     *
     * @throws IllegalArgumentException when {@code code} is not one as stored ({@link #read} gives that form)
     */
    public static long number(String code) {
        if (code == null || code.length() != PREFIX.length() + 1 + LENGTH || !code.startsWith(PREFIX + "-")) {
            throw new IllegalArgumentException("not a short code: " + code);
        }
        long value = 0;
        for (int i = PREFIX.length() + 1; i < code.length(); i++) {
            int digit = ALPHABET.indexOf(code.charAt(i));
            if (digit < 0) {
                throw new IllegalArgumentException("not a short code: " + code);
            }
            value = (value << 5) | digit;
        }
        long left = value >> 20;
        long right = value & HALF_MASK;
        for (int round = 4; round >= 1; round--) {
            long previous = left;
            left = right ^ mix(left, round);
            right = previous;
        }
        return (left << 20) | right;
    }

    /** The Feistel network's round function: the same arithmetic as {@code payment_short_code}'s. */
    private static long mix(long half, int round) {
        return ((half * 48271 + round * 7919L) % 1048573) & HALF_MASK;
    }

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
