package io.walletpay.portal;

import io.walletpay.merchant.Secrets;
import io.walletpay.store.PortalSessionStore.Lifetimes;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;

/**
 * The portal's session cookie: a random id, of which the sessions table keeps only the SHA-256, so logging out or
 * signing out everywhere ends a session for good, on every node, and a copied cookie dies with it. Sessions end
 * after 30 minutes unused and 12 hours after login whatever happens. Also the key of the portal's CSRF tokens,
 * derived from the configured seed.
 */
final class PortalSession {

    static final String COOKIE = "walletpay_portal";
    static final Lifetimes LIFETIMES = Lifetimes.PORTAL;

    /** The id's random bytes: 256 bits, as unguessable as a secret key. */
    private static final int ID_BYTES = 32;

    private final String seed;

    PortalSession(String keySeed) {
        this.seed = keySeed;
    }

    /** A secret for another purpose, derived from the same configured seed (hex). */
    String derived(String purpose) {
        return java.util.HexFormat.of().formatHex(sha256("walletpay portal " + purpose + "\0" + seed));
    }

    /** A new session's id, what its cookie carries. */
    static String newId() {
        return Secrets.randomToken(ID_BYTES);
    }

    /** What the store knows a session by; null for a cookie that cannot be an id (never looked up). */
    static byte[] hashOf(String cookie) {
        if (cookie == null || cookie.length() < 32 || cookie.length() > 64 || !cookie.matches("[A-Za-z0-9_-]+")) {
            return null;
        }
        return sha256(cookie);
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
