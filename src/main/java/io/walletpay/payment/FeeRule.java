package io.walletpay.payment;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Objects;

/**
 * One merchant's fee: a percentage of the amount plus a fixed sum, rounded half-up to the centime and never more
 * than the amount itself, so the net amount is never negative.
 */
public record FeeRule(BigDecimal percent, BigDecimal fixed) {

    private static final BigDecimal HUNDRED = new BigDecimal(100);

    // Misconfigured fees are a programming or configuration error caught before any request, not a client's fault.
    public FeeRule {
        Objects.requireNonNull(percent, "percent");
        Objects.requireNonNull(fixed, "fixed");
        if (percent.signum() < 0 || percent.compareTo(HUNDRED) > 0) {
            throw new IllegalArgumentException("fee percent must be within 0..100, was " + percent);
        }
        if (fixed.signum() < 0) {
            throw new IllegalArgumentException("fixed fee must not be negative, was " + fixed);
        }
    }

    /**
     * fees = round_half_up(amount × percent / 100 + fixed, 2), capped at amount; net = amount − fees exactly.
     * {@code amount} must be positive with at most two fraction digits (what request validation guarantees).
     */
    public Charge chargeFor(BigDecimal amount) {
        Objects.requireNonNull(amount, "amount");
        if (amount.signum() <= 0 || amount.stripTrailingZeros().scale() > 2) {
            throw new IllegalArgumentException("amount must be positive with at most two decimals, was " + amount);
        }
        BigDecimal exactAmount = amount.setScale(2, RoundingMode.UNNECESSARY);
        // Exact arithmetic until the single rounding step: multiply and shift the decimal point, never divide.
        BigDecimal fees =
                exactAmount.multiply(percent).movePointLeft(2).add(fixed).setScale(2, RoundingMode.HALF_UP);
        if (fees.compareTo(exactAmount) > 0) {
            fees = exactAmount;
        }
        return new Charge(exactAmount, fees, exactAmount.subtract(fees));
    }
}
