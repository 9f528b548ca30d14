package io.walletpay.checkout;

import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.Optional;

/**
 * The life of a MonCash payment token from CreatePayment's {@code payment_token.created} and {@code expired}.
 * Both are written {@code yyyy-MM-dd HH:mm:ss:SSS} on the provider's clock, whose zone is not stated, so only
 * their difference means anything here; it is never compared with our clock.
 */
public final class PaymentTokenLife {

    private static final DateTimeFormatter WIRE =
            DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss:SSS").withResolverStyle(ResolverStyle.STRICT);

    private PaymentTokenLife() {}

    /** {@code expired − created}, or empty when either is missing or unreadable or the difference is not positive. */
    public static Optional<Duration> between(String created, String expired) {
        if (created == null || expired == null) {
            return Optional.empty();
        }
        try {
            Duration life = Duration.between(
                    LocalDateTime.parse(created.strip(), WIRE), LocalDateTime.parse(expired.strip(), WIRE));
            return life.isNegative() || life.isZero() ? Optional.empty() : Optional.of(life);
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
