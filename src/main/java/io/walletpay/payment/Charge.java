package io.walletpay.payment;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Objects;

/**
 * What one payment costs the merchant: the amount paid, the fees kept and the net amount paid out, all at
 * scale 2. A payment that completes is charged by its {@link FeeRule}; any other ending is charged nothing.
 */
public record Charge(BigDecimal amount, BigDecimal fees, BigDecimal netAmount) {

    private static final BigDecimal NOTHING = new BigDecimal("0.00");

    public Charge {
        Objects.requireNonNull(amount, "amount");
        Objects.requireNonNull(fees, "fees");
        Objects.requireNonNull(netAmount, "netAmount");
    }

    /**
     * The charge of a payment that ended other than completed: no money moved, so fees and net amount are both
     * 0.00 (the amount is kept so the record still says what was asked for).
     */
    public static Charge nothingCharged(BigDecimal amount) {
        return new Charge(amount.setScale(2, RoundingMode.UNNECESSARY), NOTHING, NOTHING);
    }
}
