package io.walletpay.loadtest;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Checks {@code X-Service-Signature} as a merchant would: {@code sha256=} and the lowercase hex HMAC-SHA256 of the
 * exact body bytes, keyed with the UTF-8 bytes of the merchant's webhook secret. Written apart from the service's
 * own signer on purpose, so that a fault there cannot agree with itself here.
 */
final class WebhookSignature {

    private static final String PREFIX = "sha256=";
    private static final String ALGORITHM = "HmacSHA256";

    // A Mac is not thread-safe; webhooks arrive on several event loops, each keeps its own.
    private final ThreadLocal<Mac> mac;

    WebhookSignature(String secret) {
        if (secret == null || secret.isEmpty()) {
            throw new SetupException("a merchant has no webhook secret to verify with");
        }
        SecretKeySpec key = new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), ALGORITHM);
        this.mac = ThreadLocal.withInitial(() -> {
            try {
                Mac instance = Mac.getInstance(ALGORITHM);
                instance.init(key);
                return instance;
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("every Java runtime ships " + ALGORITHM, e);
            }
        });
    }

    boolean matches(byte[] body, String header) {
        if (header == null || !header.startsWith(PREFIX)) {
            return false;
        }
        byte[] expected = HexFormat.of().formatHex(mac.get().doFinal(body)).getBytes(StandardCharsets.US_ASCII);
        byte[] given = header.substring(PREFIX.length()).getBytes(StandardCharsets.US_ASCII);
        return MessageDigest.isEqual(expected, given);
    }

    @Override
    public String toString() {
        return "WebhookSignature[secret hidden]";
    }
}
