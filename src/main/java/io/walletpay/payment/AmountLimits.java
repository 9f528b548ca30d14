package io.walletpay.payment;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Objects;

/**
 * The inclusive bounds a payment amount must fall within, at scale 2. The ceiling is what the
 * {@code numeric(14, 2)} amount column can hold, so a configured maximum can never admit an unstorable amount.
 */
public record AmountLimits(BigDecimal min, BigDecimal max) {

    /** The largest amount the database column holds: twelve integer digits. */
    public static final BigDecimal CEILING = new BigDecimal("999999999999.99");

    public AmountLimits {
        Objects.requireNonNull(min, "min");
        Objects.requireNonNull(max, "max");
        if (min.stripTrailingZeros().scale() > 2 || max.stripTrailingZeros().scale() > 2) {
            throw new IllegalArgumentException("amount limits must have at most two decimals");
        }
        if (min.signum() <= 0 || min.compareTo(max) > 0 || max.compareTo(CEILING) > 0) {
            throw new IllegalArgumentException(
                    "amount limits must satisfy 0 < min <= max <= " + CEILING + ", were " + min + " and " + max);
        }
        min = min.setScale(2, RoundingMode.UNNECESSARY);
        max = max.setScale(2, RoundingMode.UNNECESSARY);
    }

    /** The shipped defaults: 1.00 … 100000.00 HTG. */
    public static AmountLimits defaults() {
        return new AmountLimits(new BigDecimal("1.00"), new BigDecimal("100000.00"));
    }
}
