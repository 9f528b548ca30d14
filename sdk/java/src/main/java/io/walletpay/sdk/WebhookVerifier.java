package io.walletpay.sdk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Verifies a webhook walletpay sent, in either of its two signature schemes, over the raw body bytes, in constant
 * time: Standard Webhooks ({@code webhook-id}, {@code webhook-timestamp} within 5 minutes, {@code
 * webhook-signature}) when present, otherwise {@code X-Service-Signature}.
 */
public final class WebhookVerifier {

    public static final Duration TOLERANCE = Duration.ofMinutes(5);
    private static final Pattern STANDARD_BASE64 = Pattern.compile("[A-Za-z0-9+/]+={0,2}");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String secret;

    /** {@code secret} is the merchant's webhook secret ({@code whsec_…}). */
    public WebhookVerifier(String secret) {
        this.secret = secret;
    }

    /** Answers the parsed event when {@code body} carries a valid signature; headers as a server gives them. */
    public JsonNode verify(byte[] body, Map<String, List<String>> headers) throws InvalidSignatureException {
        return verify(body, name -> first(headers, name), Instant.now());
    }

    /** The same, reading each header by its name ({@code request::getHeader}, any case). */
    public JsonNode verify(byte[] body, UnaryOperator<String> header, Instant now) throws InvalidSignatureException {
        if (header.apply("webhook-signature") != null) {
            verifyStandard(body, header, now);
        } else {
            verifyServiceSignature(body, header.apply("X-Service-Signature"));
        }
        try {
            return JSON.readTree(body);
        } catch (IOException notJson) {
            throw new InvalidSignatureException("the body is not JSON");
        }
    }

    /** {@code X-Service-Signature: sha256=<hex>}: HMAC-SHA256 of the body keyed with the secret string. */
    public void verifyServiceSignature(byte[] body, String signature) throws InvalidSignatureException {
        if (signature == null || !signature.startsWith("sha256=")) {
            throw new InvalidSignatureException("no X-Service-Signature");
        }
        String expected = HexFormat.of().formatHex(hmac(secret.getBytes(StandardCharsets.UTF_8), body));
        if (!same(expected, signature.substring("sha256=".length()))) {
            throw new InvalidSignatureException("X-Service-Signature does not match");
        }
    }

    /** Standard Webhooks: {@code v1,<base64 HMAC-SHA256 of "id.timestamp.body">}, one per active secret. */
    public void verifyStandard(byte[] body, UnaryOperator<String> header, Instant now)
            throws InvalidSignatureException {
        String id = header.apply("webhook-id");
        String timestamp = header.apply("webhook-timestamp");
        String signatures = header.apply("webhook-signature");
        if (id == null || timestamp == null || signatures == null) {
            throw new InvalidSignatureException("webhook-id, webhook-timestamp or webhook-signature missing");
        }
        long sent;
        try {
            sent = Long.parseLong(timestamp);
        } catch (NumberFormatException notANumber) {
            throw new InvalidSignatureException("webhook-timestamp is not a number");
        }
        if (Math.abs(now.getEpochSecond() - sent) > TOLERANCE.toSeconds()) {
            throw new InvalidSignatureException("webhook-timestamp too far from now");
        }
        byte[] prefix = (id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8);
        byte[] signed = new byte[prefix.length + body.length];
        System.arraycopy(prefix, 0, signed, 0, prefix.length);
        System.arraycopy(body, 0, signed, prefix.length, body.length);
        String expected = Base64.getEncoder().encodeToString(hmac(key(), signed));
        for (String candidate : signatures.split(" ")) {
            int comma = candidate.indexOf(',');
            if (comma > 0 && candidate.substring(0, comma).equals("v1") && same(expected, candidate.substring(comma + 1))) {
                return;
            }
        }
        throw new InvalidSignatureException("no webhook-signature matches");
    }

    // whsec_ and standard base64: the key is the decoded part; an older secret is used as it is (a "raw" secret)
    private byte[] key() {
        if (secret.startsWith("whsec_")) {
            String encoded = secret.substring("whsec_".length());
            if (encoded.length() % 4 == 0 && STANDARD_BASE64.matcher(encoded).matches()) {
                return Base64.getDecoder().decode(encoded);
            }
        }
        return secret.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] hmac(byte[] key, byte[] content) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(content);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
        }
    }

    private static boolean same(String expected, String given) {
        return MessageDigest.isEqual(
                expected.getBytes(StandardCharsets.UTF_8), given.getBytes(StandardCharsets.UTF_8));
    }

    private static String first(Map<String, List<String>> headers, String name) {
        for (Map.Entry<String, List<String>> header : headers.entrySet()) {
            if (header.getKey() != null && header.getKey().equalsIgnoreCase(name) && !header.getValue().isEmpty()) {
                return String.join(" ", header.getValue());
            }
        }
        return null;
    }
}
