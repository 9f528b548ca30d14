package io.walletpay.people;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * Recovery codes: ten single-use codes shown once at enrolment, each of which signs a person in when the phone with
 * the authenticator is lost. Owns their making, the form they are shown in ({@code xxxxx-xxxxx}), how a typed code is
 * read (any case, with or without the dash or spaces) and the hash under which one is stored.
 *
 * <p>The alphabet leaves out the characters read or copied by hand as one another: 0 and o, 1, l and i. Ten of its 31
 * characters give about 49 bits per code, out of reach of guessing through a sign-in form with its rate limits.
 */
public final class RecoveryCodes {

    /** Codes made at a time. */
    public static final int COUNT = 10;
    /** Characters in a code, without its dash. */
    public static final int LENGTH = 10;

    static final String ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";

    private static final SecureRandom RANDOM = new SecureRandom();

    private RecoveryCodes() {}

    /** Ten new codes, all different, each as shown to the person: {@code xxxxx-xxxxx}. */
    public static List<String> newCodes() {
        Set<String> codes = new LinkedHashSet<>();
        while (codes.size() < COUNT) {
            StringBuilder code = new StringBuilder(LENGTH + 1);
            for (int i = 0; i < LENGTH; i++) {
                if (i == LENGTH / 2) {
                    code.append('-');
                }
                code.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
            }
            codes.add(code.toString());
        }
        return List.copyOf(codes);
    }

    /**
     * The SHA-256 of the code as typed, once normalised (lower case, spaces and dashes removed), so that
     * {@code ABCDE-FGHJK}, {@code abcde fghjk} and {@code abcdefghjk} give the same hash. Unsalted, so that a typed code
     * is found by its hash; what is stored is this hash, never the code.
     */
    public static byte[] hashOf(String typed) {
        Objects.requireNonNull(typed, "typed");
        try {
            return MessageDigest.getInstance("SHA-256").digest(normalised(typed).getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            // every Java platform has SHA-256
            throw new IllegalStateException(e);
        }
    }

    /** Whether {@code typed} is the code whose hash is {@code stored}, compared in constant time. */
    public static boolean matches(String typed, byte[] stored) {
        return typed != null && stored != null && MessageDigest.isEqual(hashOf(typed), stored);
    }

    /**
     * Whether {@code typed} has the shape of a recovery code once normalised: ten characters of the alphabet. A sign-in
     * form uses it to tell a recovery code from a six-digit authenticator code before checking either.
     */
    public static boolean looksLikeOne(String typed) {
        if (typed == null) {
            return false;
        }
        String code = normalised(typed);
        return code.length() == LENGTH && code.chars().allMatch(c -> ALPHABET.indexOf(c) >= 0);
    }

    /** Lower case, without spaces and dashes (a phone's keyboard may turn "-" into another dash). */
    static String normalised(String typed) {
        StringBuilder out = new StringBuilder(typed.length());
        typed.toLowerCase(Locale.ROOT)
                .codePoints()
                .filter(c -> !Character.isWhitespace(c)
                        && !Character.isSpaceChar(c)
                        && c != '-'
                        && Character.getType(c) != Character.DASH_PUNCTUATION)
                .forEach(out::appendCodePoint);
        return out.toString();
    }
}
