package io.walletpay.webhook;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.List;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The Standard Webhooks headers ({@code webhook-id}, {@code webhook-timestamp}, {@code webhook-signature}), so the
 * specification's own verifiers work unchanged.
 *
 * <p>How a secret becomes the HMAC key: a {@code whsec_} secret whose rest is standard padded base64 (every secret
 * made since Standard Webhooks support) is keyed with the decoded bytes, exactly as the reference libraries'
 * default constructors do. Older secrets (URL-safe base64 without padding, which those libraries cannot decode)
 * are keyed with the UTF-8 bytes of the whole secret string, the same key {@code X-Service-Signature} uses; the
 * libraries accept that as a "raw" secret ({@code new Webhook(secret, {format: "raw"})} in Node,
 * {@code Webhook::fromRaw} in PHP, {@code Webhook(secret.encode())} in Python). Rotating once moves a merchant to
 * the standard format.
 */
public final class StandardSignature {

    public static final String ID_HEADER = "webhook-id";
    public static final String TIMESTAMP_HEADER = "webhook-timestamp";
    public static final String SIGNATURE_HEADER = "webhook-signature";
    static final String PREFIX = "whsec_";
    private static final String ALGORITHM = "HmacSHA256";

    private StandardSignature() {}

    /** The HMAC key for {@code secret}, as described on the class. */
    public static byte[] key(String secret) {
        if (secret.startsWith(PREFIX)) {
            String encoded = secret.substring(PREFIX.length());
            // the basic decoder rejects URL-safe characters and, with the length check, missing padding
            if (!encoded.isEmpty() && encoded.length() % 4 == 0) {
                try {
                    return Base64.getDecoder().decode(encoded);
                } catch (IllegalArgumentException notStandardBase64) {
                    // an older secret: keyed raw, below
                }
            }
        }
        return secret.getBytes(StandardCharsets.UTF_8);
    }

    /** {@code v1,<base64 HMAC-SHA256 of "id.timestamp.body">} keyed with {@link #key(String)} of {@code secret}. */
    public static String sign(String id, long timestampSeconds, byte[] body, String secret) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(key(secret), ALGORITHM));
            mac.update((id + "." + timestampSeconds + ".").getBytes(StandardCharsets.UTF_8));
            return "v1," + Base64.getEncoder().encodeToString(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java runtime ships " + ALGORITHM, e);
        }
    }

    /** One signature per active secret, space-separated: a verifier accepts the message if any one matches. */
    public static String header(String id, long timestampSeconds, byte[] body, List<String> activeSecrets) {
        return activeSecrets.stream()
                .map(secret -> sign(id, timestampSeconds, body, secret))
                .collect(Collectors.joining(" "));
    }
}
