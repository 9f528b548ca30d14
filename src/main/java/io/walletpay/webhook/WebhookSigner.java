package io.walletpay.webhook;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@code X-Service-Signature} value. Same scheme as GitHub's {@code X-Hub-Signature-256}, so merchants can reuse
 * verifiers they already have.
 */
public final class WebhookSigner {

    public static final String HEADER = "X-Service-Signature";
    private static final String ALGORITHM = "HmacSHA256";

    private WebhookSigner() {}

    /**
     * {@code sha256=<lowercase hex HMAC-SHA256 of body>}, keyed with the UTF-8 bytes of {@code secret}.
     *
     * @throws IllegalArgumentException for an empty secret, which would sign nothing
     */
    public static String signatureHeader(byte[] body, String secret) {
        try {
            // Mac instances are not thread-safe and cheap to make; a shared one would need locking
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), ALGORITHM));
            return "sha256=" + HexFormat.of().formatHex(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java runtime ships " + ALGORITHM, e);
        }
    }
}
