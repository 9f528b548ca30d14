package io.walletpay.payment;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * What makes two requests "the same body" for Idempotency-Key: their meaning, not their bytes, so
 * {@code 100} and {@code 100.00}, or fields in another order, replay instead of conflicting.
 */
public final class RequestFingerprint {

    private RequestFingerprint() {}

    /** Absent and the text "null" must differ: a marker that valid text cannot contain (control characters are refused). */
    private static String field(String value) {
        return value == null ? "\u0001" : "=" + value;
    }

    public static byte[] of(CreatePaymentRequest request) {
        return of(
                request.amount().toPlainString(),
                request.referenceId(),
                request.customerName(),
                request.customerEmail(),
                request.description());
    }

    /** The fingerprint of a request: {@code first} as it is, then each optional field, absent or not. */
    public static byte[] of(String first, String... optional) {
        StringBuilder canonical = new StringBuilder(first);
        for (String value : optional) {
            canonical.append('\u0000').append(field(value));
        }
        try {
            return MessageDigest.getInstance("SHA-256")
                    .digest(canonical.toString().getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
