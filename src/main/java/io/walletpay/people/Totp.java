package io.walletpay.people;

import com.eatthepath.otp.TimeBasedOneTimePasswordGenerator;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.regex.Pattern;
import javax.crypto.spec.SecretKeySpec;
import org.apache.commons.codec.binary.Base32;

/**
 * The second factor: time-based one-time codes (RFC 6238) as authenticator apps make them, with HMAC-SHA1, 30-second
 * steps and six digits, the settings every such app reads from an {@code otpauth://} URI. Owns the secret's making
 * and its Base32 text, the enrolment URI, and the check of a typed code, which refuses a code already used.
 */
public final class Totp {

    /** How long one code lasts. */
    public static final Duration STEP = Duration.ofSeconds(30);
    /** Digits in a code. */
    public static final int DIGITS = 6;
    /** Bytes in a secret: 160 bits, the HMAC-SHA1 block RFC 4226 recommends. */
    public static final int SECRET_BYTES = 20;

    /** Steps tolerated either side of the server's, for a phone whose clock is a little off. */
    static final int DRIFT_STEPS = 1;

    private static final String HMAC = TimeBasedOneTimePasswordGenerator.TOTP_ALGORITHM_HMAC_SHA1;
    private static final TimeBasedOneTimePasswordGenerator GENERATOR =
            new TimeBasedOneTimePasswordGenerator(STEP, DIGITS, HMAC);
    private static final Pattern CODE = Pattern.compile("[0-9]{" + DIGITS + "}");
    private static final Pattern BASE32 = Pattern.compile("[A-Z2-7]+");
    private static final SecureRandom RANDOM = new SecureRandom();

    private Totp() {}

    /** A new random secret for one person's authenticator. */
    public static byte[] newSecret() {
        byte[] secret = new byte[SECRET_BYTES];
        RANDOM.nextBytes(secret);
        return secret;
    }

    /** The secret as authenticator apps take it typed or in a URI: RFC 4648 Base32, upper case, without padding. */
    public static String base32(byte[] secret) {
        Objects.requireNonNull(secret, "secret");
        String text = new Base32().encodeAsString(secret);
        int end = text.length();
        while (end > 0 && text.charAt(end - 1) == '=') {
            end--;
        }
        return text.substring(0, end);
    }

    /**
     * The secret back from its Base32 text, as {@link #base32} writes it or a person copies it: spaces, lower case and
     * padding are accepted. Throws {@link IllegalArgumentException} for text that is not Base32.
     */
    public static byte[] secretFromBase32(String text) {
        Objects.requireNonNull(text, "text");
        String clean = text.replaceAll("[\\s=]", "").toUpperCase(Locale.ROOT);
        if (!BASE32.matcher(clean).matches()) {
            throw new IllegalArgumentException("not Base32");
        }
        return new Base32().decode(clean);
    }

    /**
     * The enrolment URI an authenticator app reads from the QR code:
     * {@code otpauth://totp/{issuer}:{account}?secret=…&issuer=…&algorithm=SHA1&digits=6&period=30}. Issuer and
     * account are percent-encoded as UTF-8 (a space as {@code %20}, never {@code +}, and a colon inside either as
     * {@code %3A}, so the one between them stays the only one); the app shows the issuer above the account.
     */
    public static String otpauthUri(String issuer, String account, byte[] secret) {
        Objects.requireNonNull(issuer, "issuer");
        Objects.requireNonNull(account, "account");
        return "otpauth://totp/" + encode(issuer, true) + ":" + encode(account, true)
                + "?secret=" + base32(secret)
                + "&issuer=" + encode(issuer, false)
                + "&algorithm=SHA1&digits=" + DIGITS
                + "&period=" + STEP.toSeconds();
    }

    /**
     * The time step whose code {@code code} is, when it is one of the steps around {@code now} (one either side, for
     * clock drift) and later than {@code lastUsedStep}, the step of the last code this person had accepted (pass -1
     * when none was). The caller stores the step it gets as the new last used one, so that a code seen over a
     * shoulder or replayed cannot sign in a second time. Empty for a wrong code, one already used or older than the
     * last used, and for anything but six digits (spaces are ignored, as in "123 456"). Every candidate step is
     * computed and compared in constant time, whatever matches.
     */
    public static OptionalLong verify(byte[] secret, String code, Instant now, long lastUsedStep) {
        if (secret == null || secret.length == 0 || code == null || now == null) {
            return OptionalLong.empty();
        }
        String typed = withoutSpaces(code);
        if (!CODE.matcher(typed).matches()) {
            return OptionalLong.empty();
        }
        byte[] typedBytes = typed.getBytes(StandardCharsets.US_ASCII);
        Key key = key(secret);
        long current = stepOf(now);
        long found = Long.MIN_VALUE;
        for (long step = current - DRIFT_STEPS; step <= current + DRIFT_STEPS; step++) {
            byte[] expected = codeAtStep(key, step).getBytes(StandardCharsets.US_ASCII);
            boolean equal = MessageDigest.isEqual(expected, typedBytes);
            if (equal && step > lastUsedStep) {
                found = step;
            }
        }
        return found == Long.MIN_VALUE ? OptionalLong.empty() : OptionalLong.of(found);
    }

    /** The six-digit code an authenticator app shows at {@code at}, as text with its leading zeros. */
    public static String codeAt(byte[] secret, Instant at) {
        Objects.requireNonNull(secret, "secret");
        return codeAtStep(key(secret), stepOf(at));
    }

    /** The time step {@code at} falls in: whole 30-second steps since 1970-01-01T00:00:00Z. */
    public static long stepOf(Instant at) {
        return Math.floorDiv(at.getEpochSecond(), STEP.toSeconds());
    }

    private static String codeAtStep(Key key, long step) {
        try {
            return GENERATOR.generateOneTimePasswordString(
                    key, Instant.ofEpochSecond(step * STEP.toSeconds()), Locale.ROOT);
        } catch (InvalidKeyException e) {
            // an HMAC key of raw bytes is always valid for HmacSHA1
            throw new IllegalStateException(e);
        }
    }

    private static Key key(byte[] secret) {
        return new SecretKeySpec(secret, HMAC);
    }

    private static String withoutSpaces(String code) {
        StringBuilder out = new StringBuilder(code.length());
        code.codePoints()
                .filter(c -> !Character.isWhitespace(c) && !Character.isSpaceChar(c))
                .forEach(out::appendCodePoint);
        return out.toString();
    }

    /**
     * Percent-encoding of UTF-8 bytes (RFC 3986): unreserved characters as they are; in the label, {@code @} too, as
     * e-mail addresses read best that way and a path allows it; everything else as {@code %XX}.
     */
    private static String encode(String text, boolean label) {
        StringBuilder out = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            boolean unreserved = (c >= 'A' && c <= 'Z')
                    || (c >= 'a' && c <= 'z')
                    || (c >= '0' && c <= '9')
                    || c == '-'
                    || c == '.'
                    || c == '_'
                    || c == '~';
            if (unreserved || (label && c == '@')) {
                out.append((char) c);
            } else {
                out.append('%')
                        .append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        return out.toString();
    }
}
