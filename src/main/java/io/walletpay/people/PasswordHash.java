package io.walletpay.people;

import com.password4j.Argon2Function;
import com.password4j.types.Argon2;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.text.Normalizer;
import java.util.Base64;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A person's password: how it is stored (Argon2id in the PHC string format, {@code $argon2id$v=19$m=…,t=…,p=…$salt$hash}),
 * how a typed password is checked against it, and which passwords are refused.
 *
 * <p>The parameters are OWASP's for Argon2id: 19 MiB of memory, two passes, one lane, a random 16-byte salt and a
 * 32-byte hash. {@link #hash}, {@link #matches} and {@link #dummy} take that memory and tens of milliseconds of CPU
 * each: callers run them off the event loop ({@code vertx.executeBlocking}), never on it.
 *
 * <p>A password is put in Unicode normal form NFKC before it is hashed or checked, so that a letter such as ò typed
 * as one character on a phone and as o plus a combining accent on a computer is the same password.
 */
public final class PasswordHash {

    /** Message key: fewer than {@link #MIN_LENGTH} characters. */
    public static final String TOO_SHORT = "password.too_short";
    /** Message key: more than {@link #MAX_LENGTH} characters. */
    public static final String TOO_LONG = "password.too_long";
    /** Message key: nothing but spaces (or nothing at all). */
    public static final String BLANK = "password.blank";

    /** The shortest password accepted, in characters (Unicode code points, so ò counts once). */
    public static final int MIN_LENGTH = 10;
    /** The longest password accepted, in characters. */
    public static final int MAX_LENGTH = 128;

    static final int MEMORY_KIB = 19_456;
    static final int ITERATIONS = 2;
    static final int PARALLELISM = 1;
    static final int SALT_BYTES = 16;
    static final int HASH_BYTES = 32;

    /*
     * What a stored value may ask for before it is refused unchecked: room to raise the cost later (old hashes keep
     * verifying), without letting a damaged row make one check take gigabytes or minutes.
     */
    private static final int MAX_MEMORY_KIB = 4 * MEMORY_KIB;
    private static final int MAX_ITERATIONS = 10;
    private static final int MAX_PARALLELISM = 4;

    private static final Pattern ENCODED = Pattern.compile(
            "\\$argon2id\\$v=19\\$m=([0-9]{1,7}),t=([0-9]{1,2}),p=([0-9]{1,2})\\$([A-Za-z0-9+/]{11,88})\\$([A-Za-z0-9+/]{22,88})");

    private static final Argon2Function ARGON2 = Argon2Function.getInstance(
            MEMORY_KIB, ITERATIONS, PARALLELISM, HASH_BYTES, Argon2.ID, Argon2Function.ARGON2_VERSION_13);

    private static final SecureRandom RANDOM = new SecureRandom();

    private PasswordHash() {}

    /** The stored form of {@code password}: Argon2id with a fresh random salt, so two calls never give the same. */
    public static String hash(String password) {
        byte[] salt = new byte[SALT_BYTES];
        RANDOM.nextBytes(salt);
        return ARGON2.hash(bytesOf(password), salt).getResult();
    }

    /**
     * Whether {@code password} is the one {@code encoded} was made from. The hashes are compared in constant time.
     * False, never an exception, for a null password and for an {@code encoded} value that is null, damaged, of
     * another algorithm, or asks for more than this service would ever spend on one check.
     */
    public static boolean matches(String password, String encoded) {
        if (password == null || encoded == null) {
            return false;
        }
        Matcher m = ENCODED.matcher(encoded);
        if (!m.matches()) {
            return false;
        }
        try {
            int memory = Integer.parseInt(m.group(1));
            int iterations = Integer.parseInt(m.group(2));
            int parallelism = Integer.parseInt(m.group(3));
            byte[] salt = Base64.getDecoder().decode(m.group(4));
            byte[] expected = Base64.getDecoder().decode(m.group(5));
            if (parallelism < 1
                    || parallelism > MAX_PARALLELISM
                    || iterations < 1
                    || iterations > MAX_ITERATIONS
                    || memory < 8 * parallelism
                    || memory > MAX_MEMORY_KIB
                    || salt.length < 8
                    || expected.length < 16
                    || expected.length > 64) {
                return false;
            }
            Argon2Function function = memory == MEMORY_KIB
                            && iterations == ITERATIONS
                            && parallelism == PARALLELISM
                            && expected.length == HASH_BYTES
                    ? ARGON2
                    : Argon2Function.getInstance(
                            memory,
                            iterations,
                            parallelism,
                            expected.length,
                            Argon2.ID,
                            Argon2Function.ARGON2_VERSION_13);
            byte[] actual = function.hash(bytesOf(password), salt).getBytes();
            return MessageDigest.isEqual(actual, expected);
        } catch (RuntimeException damaged) {
            // a Base64 part that does not decode, or parameters the library refuses: not a match
            return false;
        }
    }

    /**
     * A valid stored value no password matches, the same for the life of the process: a sign-in for an unknown
     * e-mail checks the typed password against it, so that it takes as long as one for a known e-mail and the
     * answer's timing does not tell which e-mails have an account. Made on first use (one hash).
     */
    public static String dummy() {
        return Dummy.ENCODED;
    }

    /**
     * Why {@code password} cannot be chosen, as a message key ({@link #BLANK}, {@link #TOO_SHORT}, {@link #TOO_LONG}),
     * or empty when it can. Lengths are counted in characters (code points) of the normal form that is hashed.
     */
    public static Optional<String> problem(String password) {
        if (password == null || isBlank(password)) {
            return Optional.of(BLANK);
        }
        String normal = normal(password);
        int length = normal.codePointCount(0, normal.length());
        if (length < MIN_LENGTH) {
            return Optional.of(TOO_SHORT);
        }
        if (length > MAX_LENGTH) {
            return Optional.of(TOO_LONG);
        }
        return Optional.empty();
    }

    private static boolean isBlank(String password) {
        return password.codePoints().allMatch(c -> Character.isWhitespace(c) || Character.isSpaceChar(c));
    }

    private static String normal(String password) {
        return Normalizer.normalize(password, Normalizer.Form.NFKC);
    }

    private static byte[] bytesOf(String password) {
        return normal(password).getBytes(StandardCharsets.UTF_8);
    }

    /** Holds the dummy hash, made when {@link #dummy()} is first called rather than when the class loads. */
    private static final class Dummy {
        static final String ENCODED;

        static {
            byte[] secret = new byte[32];
            RANDOM.nextBytes(secret);
            // a password nobody knows and no one can type through the sign-in form (far longer than MAX_LENGTH)
            ENCODED = hash(Base64.getEncoder().encodeToString(secret).repeat(8));
        }
    }
}
