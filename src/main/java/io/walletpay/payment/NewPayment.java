package io.walletpay.payment;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/**
 * A payment about to be stored: the validated request, the charge worked out, where the customer pays, and its
 * times (decided here, at microsecond precision as PostgreSQL keeps them, so the 201 answer can be written before
 * the row exists and says exactly what is stored), and the provider it was opened at.
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
        String provider) {

    /** @throws IllegalArgumentException when {@code shortCode} is not one {@link ShortCode#of} makes */
    public NewPayment {
        ShortCode.number(shortCode);
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
            String provider) {
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
                provider);
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
    }
}
