package io.walletpay.portal;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import java.util.UUID;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * A portal session kept entirely in an encrypted cookie (AES-GCM), so any node with the same key reads it and no
 * node keeps state. vertx-web's CookieSessionStore lives in a module the build cannot resolve, hence this small
 * codec. The cookie holds the merchant, the secret-key version it logged in under (a rotated key ends every
 * session) and when it was last used (idle timeout); GCM makes it unreadable and unforgeable without the key.
 */
final class PortalSession {

    record Session(UUID merchantId, int keyVersion, Instant lastSeen) {}

    static final String COOKIE = "walletpay_portal";
    private static final int NONCE_BYTES = 12;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SecretKeySpec key;
    private final String seed;
    private final Duration idle;

    PortalSession(String keySeed, Duration idle) {
        this.key = new SecretKeySpec(sha256("walletpay portal session\0" + keySeed), "AES");
        this.seed = keySeed;
        this.idle = idle;
    }

    /** A secret for another purpose, derived from the same configured seed (hex). */
    String derived(String purpose) {
        return java.util.HexFormat.of().formatHex(sha256("walletpay portal " + purpose + "\0" + seed));
    }

    Duration idle() {
        return idle;
    }

    String seal(Session session) {
        ByteBuffer plain = ByteBuffer.allocate(16 + 4 + 8);
        plain.putLong(session.merchantId().getMostSignificantBits());
        plain.putLong(session.merchantId().getLeastSignificantBits());
        plain.putInt(session.keyVersion());
        plain.putLong(session.lastSeen().getEpochSecond());
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, nonce));
            byte[] sealed = cipher.doFinal(plain.array());
            return Base64.getUrlEncoder()
                    .withoutPadding()
                    .encodeToString(ByteBuffer.allocate(nonce.length + sealed.length)
                            .put(nonce)
                            .put(sealed)
                            .array());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM unavailable", e);
        }
    }

    /** The session in {@code cookie}, empty when it is missing, forged, damaged or idle for too long. */
    Optional<Session> open(String cookie, Instant now) {
        if (cookie == null || cookie.length() > 200) {
            return Optional.empty();
        }
        try {
            byte[] raw = Base64.getUrlDecoder().decode(cookie);
            if (raw.length <= NONCE_BYTES) {
                return Optional.empty();
            }
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(128, raw, 0, NONCE_BYTES));
            ByteBuffer plain = ByteBuffer.wrap(cipher.doFinal(raw, NONCE_BYTES, raw.length - NONCE_BYTES));
            Session session = new Session(
                    new UUID(plain.getLong(), plain.getLong()), plain.getInt(), Instant.ofEpochSecond(plain.getLong()));
            if (session.lastSeen().plus(idle).isBefore(now)) {
                return Optional.empty();
            }
            return Optional.of(session);
        } catch (IllegalArgumentException | GeneralSecurityException | java.nio.BufferUnderflowException bad) {
            return Optional.empty();
        }
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
