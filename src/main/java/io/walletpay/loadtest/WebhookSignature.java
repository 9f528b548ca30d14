package io.walletpay.loadtest;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Checks both signatures a webhook carries, as a merchant would: {@code X-Service-Signature} ({@code sha256=} and the
 * lowercase hex HMAC-SHA256 of the exact body bytes, keyed with the UTF-8 bytes of the merchant's webhook secret),
 * and the Standard Webhooks {@code webhook-signature} ({@code v1,} and the base64 HMAC-SHA256 of {@code
 * id.timestamp.body}, keyed with the base64-decoded part of a {@code whsec_} secret, or the secret's UTF-8 bytes when
 * it has none; several space-separated, any one matching; a timestamp more than five minutes off refused). Written
 * apart from the service's own signers on purpose, so that a fault there cannot agree with itself here.
 */
final class WebhookSignature {

    private static final String SERVICE_PREFIX = "sha256=";
    private static final String STANDARD_VERSION = "v1,";
    private static final String STANDARD_SECRET_PREFIX = "whsec_";
    private static final long TOLERANCE_SECONDS = 5 * 60;
    private static final String ALGORITHM = "HmacSHA256";

    // A Mac is not thread-safe; webhooks arrive on several event loops, each keeps its own.
    private final ThreadLocal<Mac> serviceMac;
    private final ThreadLocal<Mac> standardMac;

    WebhookSignature(String secret) {
        if (secret == null || secret.isEmpty()) {
            throw new SetupException("a merchant has no webhook secret to verify with");
        }
        this.serviceMac = macKeyedWith(secret.getBytes(StandardCharsets.UTF_8));
        this.standardMac = macKeyedWith(standardKey(secret));
    }

    /** Both signatures of a delivery match its body, and its timestamp is within five minutes of {@code nowSeconds}. */
    boolean matches(byte[] body, Headers headers, long nowSeconds) {
        return serviceMatches(body, headers.service()) && standardMatches(body, headers, nowSeconds);
    }

    /** What a delivery says of itself: {@code X-Service-Signature}, {@code webhook-id}, -timestamp and -signature. */
    record Headers(String service, String id, String timestamp, String standard) {}

    private boolean serviceMatches(byte[] body, String header) {
        if (header == null || !header.startsWith(SERVICE_PREFIX)) {
            return false;
        }
        byte[] expected =
                HexFormat.of().formatHex(serviceMac.get().doFinal(body)).getBytes(StandardCharsets.US_ASCII);
        byte[] given = header.substring(SERVICE_PREFIX.length()).getBytes(StandardCharsets.US_ASCII);
        return MessageDigest.isEqual(expected, given);
    }

    private boolean standardMatches(byte[] body, Headers headers, long nowSeconds) {
        if (headers.id() == null || headers.timestamp() == null || headers.standard() == null) {
            return false;
        }
        long timestamp;
        try {
            timestamp = Long.parseLong(headers.timestamp());
        } catch (NumberFormatException notANumber) {
            return false;
        }
        if (Math.abs(nowSeconds - timestamp) > TOLERANCE_SECONDS) {
            return false;
        }
        Mac mac = standardMac.get();
        mac.update((headers.id() + "." + headers.timestamp() + ".").getBytes(StandardCharsets.UTF_8));
        byte[] expected = (STANDARD_VERSION + Base64.getEncoder().encodeToString(mac.doFinal(body)))
                .getBytes(StandardCharsets.US_ASCII);
        boolean any = false;
        for (String given : headers.standard().split(" ")) {
            any |= MessageDigest.isEqual(expected, given.getBytes(StandardCharsets.US_ASCII));
        }
        return any;
    }

    private static byte[] standardKey(String secret) {
        String encoded =
                secret.startsWith(STANDARD_SECRET_PREFIX) ? secret.substring(STANDARD_SECRET_PREFIX.length()) : "";
        // padded standard base64, as the standard's libraries decode it; a secret from before that format (URL-safe,
        // unpadded) is one they take raw
        if (!encoded.isEmpty() && encoded.length() % 4 == 0) {
            try {
                return Base64.getDecoder().decode(encoded);
            } catch (IllegalArgumentException notStandardBase64) {
                // raw, below
            }
        }
        return secret.getBytes(StandardCharsets.UTF_8);
    }

    private static ThreadLocal<Mac> macKeyedWith(byte[] key) {
        SecretKeySpec spec = new SecretKeySpec(key, ALGORITHM);
        return ThreadLocal.withInitial(() -> {
            try {
                Mac instance = Mac.getInstance(ALGORITHM);
                instance.init(spec);
                return instance;
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("every Java runtime ships " + ALGORITHM, e);
            }
        });
    }

    @Override
    public String toString() {
        return "WebhookSignature[secret hidden]";
    }
}
