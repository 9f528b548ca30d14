package io.walletpay.merchant;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * Makes and checks secrets. Secret keys are 256 random bits, so a SHA-256 hash is as strong as a slow password
 * hash would be, and verifying costs the same whether or not the merchant exists.
 */
public final class Secrets {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final byte[] UNKNOWN_MERCHANT_HASH = sha256("walletpay:no-such-merchant");

    private Secrets() {}

    /** The secrets a new merchant is created with: the key (shown once), its hash (stored) and the webhook secret. */
    public record Issued(String secretKey, byte[] secretHash, String webhookSecret) {}

    public static Issued forNewMerchant() {
        String key = newSecretKey();
        return new Issued(key, hash(key), newWebhookSecret());
    }

    /** The secrets of a merchant's test twin: its key starts {@code sk_test_}. */
    public static Issued forTestMode() {
        String key = newTestSecretKey();
        return new Issued(key, hash(key), newWebhookSecret());
    }

    public static String newSecretKey() {
        String key = "sk_" + randomToken(32);
        // one live key in 2^30 would begin like a test key and be checked against the wrong row: draw again
        return isTestKey(key) ? newSecretKey() : key;
    }

    /** A test-mode secret key; a live key never starts so. */
    public static String newTestSecretKey() {
        return TEST_KEY_PREFIX + randomToken(32);
    }

    /** A new key for the row {@code livemode} says: a live key or a test one. */
    public static String newSecretKey(boolean livemode) {
        return livemode ? newSecretKey() : newTestSecretKey();
    }

    /** Whether {@code key} is offered as a test-mode key, so it is checked against the merchant's test twin. */
    public static boolean isTestKey(String key) {
        return key != null && key.startsWith(TEST_KEY_PREFIX);
    }

    private static final String TEST_KEY_PREFIX = "sk_test_";

    /**
     * {@code whsec_} and the standard padded base64 of 32 random bytes: the Standard Webhooks format, so the
     * specification's libraries decode it as they are ({@code X-Service-Signature} keys with the string itself).
     */
    public static String newWebhookSecret() {
        byte[] random = new byte[32];
        RANDOM.nextBytes(random);
        return "whsec_" + Base64.getEncoder().encodeToString(random);
    }

    /** An unguessable URL-safe token of {@code bytes} random bytes. */
    public static String randomToken(int bytes) {
        byte[] random = new byte[bytes];
        RANDOM.nextBytes(random);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(random);
    }

    public static byte[] hash(String secret) {
        return sha256(secret);
    }

    /** Constant-time check of {@code offered} against {@code storedHash}; a null hash (unknown merchant) never matches. */
    public static boolean matches(String offered, byte[] storedHash) {
        byte[] offeredHash = sha256(offered == null ? "" : offered);
        boolean equal = MessageDigest.isEqual(offeredHash, storedHash == null ? UNKNOWN_MERCHANT_HASH : storedHash);
        return equal && storedHash != null;
    }

    /** Constant-time string comparison, for the admin token. */
    public static boolean sameToken(String offered, String expected) {
        return offered != null && MessageDigest.isEqual(sha256(offered), sha256(expected));
    }

    private static byte[] sha256(String value) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
