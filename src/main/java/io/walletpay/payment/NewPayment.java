package io.walletpay.payment;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/**
 * A payment about to be stored: the validated request, the charge worked out, where the customer pays, and its
 * times (decided here, at microsecond precision as PostgreSQL keeps them, so the 201 answer can be written before
 * the row exists and says exactly what is stored), the provider it was opened at, and whether its merchant row is
 * live or a test twin.
 */
public record NewPayment(
        UUID id,
        String shortCode,
        UUID merchantId,
        CreatePaymentRequest request,
        Charge charge,
        String checkoutToken,
        String redirectUrl,
        OffsetDateTime createdAt,
        OffsetDateTime expiresAt,
        String provider,
        boolean livemode) {

    /** @throws IllegalArgumentException when {@code shortCode} is not one {@link ShortCode#of} makes */
    public NewPayment {
        ShortCode.number(shortCode);
    }

    /** A live-mode payment. */
    public NewPayment(
            UUID id,
            String shortCode,
            UUID merchantId,
            CreatePaymentRequest request,
            Charge charge,
            String checkoutToken,
            String redirectUrl,
            OffsetDateTime createdAt,
            OffsetDateTime expiresAt,
            String provider) {
        this(
                id,
                shortCode,
                merchantId,
                request,
                charge,
                checkoutToken,
                redirectUrl,
                createdAt,
                expiresAt,
                provider,
                true);
    }

    /** A live-mode payment created now. */
    public static NewPayment createdNow(
            UUID id,
            String shortCode,
            UUID merchantId,
            CreatePaymentRequest request,
            Charge charge,
            String checkoutToken,
            String redirectUrl,
            Duration expiresIn,
            String provider) {
        return createdNow(
                id, shortCode, merchantId, request, charge, checkoutToken, redirectUrl, expiresIn, provider, true);
    }

    /** A payment created now (at PostgreSQL's precision), expiring {@code expiresIn} later. */
    public static NewPayment createdNow(
            UUID id,
            String shortCode,
            UUID merchantId,
            CreatePaymentRequest request,
            Charge charge,
            String checkoutToken,
            String redirectUrl,
            Duration expiresIn,
            String provider,
            boolean livemode) {
        OffsetDateTime now = now();
        return new NewPayment(
                id,
                shortCode,
                merchantId,
                request,
                charge,
                checkoutToken,
                redirectUrl,
                now,
                now.plus(expiresIn),
                provider,
                livemode);
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
    }
}
