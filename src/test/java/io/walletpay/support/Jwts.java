package io.walletpay.support;

import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** Hand-made JWTs, to forge what an attacker would send. */
public final class Jwts {

    /** The challenge of a 401 for a token that is not valid (forged, damaged, of a rotated key). */
    public static final String INVALID_TOKEN_CHALLENGE =
            "Bearer error=\"invalid_token\", error_description=\"The access token is not valid\"";
    /** The challenge of a 401 for a token of ours whose time is over. */
    public static final String EXPIRED_TOKEN_CHALLENGE =
            "Bearer error=\"invalid_token\", error_description=\"The access token expired\"";

    private Jwts() {}

    public static JsonObject claims(String merchantId, long expiresAtEpoch) {
        return new JsonObject()
                .put("sub", merchantId)
                .put("iat", expiresAtEpoch - 3600)
                .put("exp", expiresAtEpoch)
                .put("iss", "walletpay")
                .put("aud", "walletpay-merchant-api");
    }

    public static String hs256(String secret, JsonObject claims) {
        String signingInput = part(new JsonObject().put("alg", "HS256").put("typ", "JWT")) + "." + part(claims);
        return signingInput + "." + b64(hmac(secret, signingInput));
    }

    public static String unsigned(JsonObject claims) {
        return part(new JsonObject().put("alg", "none").put("typ", "JWT")) + "." + part(claims) + ".";
    }

    /** A validly signed token whose payload is then swapped: the signature no longer covers it. */
    public static String tampered(String token, JsonObject newClaims) {
        String[] parts = token.split("\\.");
        return parts[0] + "." + part(newClaims) + "." + parts[2];
    }

    /** {@code header.claims.signature}, with whatever header and signature bytes an attacker chooses. */
    public static String forged(
            JsonObject header, JsonObject claims, java.util.function.Function<String, byte[]> signer) {
        String signingInput = part(header) + "." + part(claims);
        return signingInput + "." + b64(signer.apply(signingInput));
    }

    /** HMAC-SHA256 of the signing input keyed with {@code key}'s bytes, whatever the header claims. */
    public static java.util.function.Function<String, byte[]> hmacWith(byte[] key) {
        return input -> {
            try {
                Mac mac = Mac.getInstance("HmacSHA256");
                mac.init(new SecretKeySpec(key, "HmacSHA256"));
                return mac.doFinal(input.getBytes(StandardCharsets.UTF_8));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        };
    }

    /** A real RS256 signature with {@code key}. */
    public static java.util.function.Function<String, byte[]> rsaWith(java.security.PrivateKey key) {
        return input -> {
            try {
                java.security.Signature signature = java.security.Signature.getInstance("SHA256withRSA");
                signature.initSign(key);
                signature.update(input.getBytes(StandardCharsets.UTF_8));
                return signature.sign();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        };
    }

    public static JsonObject header(String alg) {
        return new JsonObject().put("alg", alg).put("typ", "JWT");
    }

    private static String part(JsonObject json) {
        return b64(json.encode().getBytes(StandardCharsets.UTF_8));
    }

    private static String b64(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static byte[] hmac(String secret, String input) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return mac.doFinal(input.getBytes(StandardCharsets.UTF_8));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
