package io.walletpay.portal;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A secret bound to one session: an HMAC-SHA256 of the session's id hash under a key derived for one purpose from
 * the configured seed ({@link PortalSession#derived}). The session's form token and the authenticator secret
 * offered at enrolment are both one, so neither is stored and every node computes the same.
 */
final class SessionKey {

    private final SecretKeySpec key;

    SessionKey(String keyHex) {
        this.key = new SecretKeySpec(keyHex.getBytes(StandardCharsets.US_ASCII), "HmacSHA256");
    }

    byte[] of(byte[] sessionHash) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            return mac.doFinal(sessionHash);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
