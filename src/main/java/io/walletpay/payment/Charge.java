package io.walletpay.payment;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * What one payment costs the merchant: the amount paid, the fees kept and the net amount paid out, all at
 * scale 2. A payment that completes is charged by its {@link FeeRule}; any other ending is charged nothing,
 * which the transition's SQL writes itself (fees and net amount 0.00 in the same UPDATE that ends the payment).
 */
public record Charge(BigDecimal amount, BigDecimal fees, BigDecimal netAmount) {

    public Charge {
        Objects.requireNonNull(amount, "amount");
        Objects.requireNonNull(fees, "fees");
        Objects.requireNonNull(netAmount, "netAmount");
    }
}
