package io.walletpay.merchant;

/**
 * Makes restricted API keys: {@code rk_live_} (or {@code rk_test_} for a test-mode key, made with a test token) and
 * 256 random bits (URL-safe base64), stored as their SHA-256 like the secret key ({@link Secrets}); the first
 * characters are kept to show in lists.
 */
public final class RestrictedKeys {

    public static final String PREFIX = "rk_live_";
    public static final String TEST_PREFIX = "rk_test_";
    /** How much of a key a list shows: the prefix and four random characters. */
    static final int SHOWN = PREFIX.length() + 4;

    public static final int MAX_DESCRIPTION = 200;

    /** A new key (shown once), its hash (stored) and the characters lists show. */
    public record Made(String key, byte[] hash, String prefix) {}

    private RestrictedKeys() {}

    public static Made make(boolean livemode) {
        String key = (livemode ? PREFIX : TEST_PREFIX) + Secrets.randomToken(32);
        return new Made(key, Secrets.hash(key), key.substring(0, SHOWN));
    }

    /** Whether a credential sent to the token endpoint is a restricted key rather than the secret key. */
    public static boolean isRestricted(String offered) {
        return offered != null && (offered.startsWith(PREFIX) || offered.startsWith(TEST_PREFIX));
    }

    /** Whether a restricted key is a test-mode one, so it is looked up under the merchant's test twin. */
    public static boolean isTestKey(String offered) {
        return offered != null && offered.startsWith(TEST_PREFIX);
    }
}
