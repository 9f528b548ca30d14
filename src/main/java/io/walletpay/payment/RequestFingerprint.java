package io.walletpay.payment;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * What makes two create requests "the same body" for Idempotency-Key: their meaning, not their bytes, so
 * {@code 100} and {@code 100.00}, or fields in another order, replay instead of conflicting.
 */
public final class RequestFingerprint {

    private RequestFingerprint() {}

    /** Absent and the text "null" must differ: a marker that valid text cannot contain (control characters are refused). */
    private static String field(String value) {
        return value == null ? "\u0001" : "=" + value;
    }

    public static byte[] of(CreatePaymentRequest request) {
        String canonical = String.join(
                "\u0000",
                request.amount().toPlainString(),
                field(request.referenceId()),
                field(request.customerName()),
                field(request.customerEmail()),
                field(request.description()));
        try {
            return MessageDigest.getInstance("SHA-256").digest(canonical.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
