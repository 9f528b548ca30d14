package io.walletpay.money;

import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import java.math.BigDecimal;

/**
 * The rules for taking money out of a merchant's balance: a refund never gives back more than the payment brought
 * in (its refunds that have not failed, this one included), and no refund or payout spends more than the
 * merchant's available balance. The store applies them inside the transaction that holds the merchant's lock, so
 * racing requests see each other's debits.
 */
public final class DebitRule {

    private DebitRule() {}

    /**
     * The amount a refund takes: {@code requested}, or, when none was asked for, what is left of the payment. A 409
     * {@code refund_exceeds_payment} when that is more than is left (or nothing is).
     */
    public static BigDecimal refundAmount(BigDecimal requested, BigDecimal paymentAmount, BigDecimal refunded) {
        BigDecimal left = paymentAmount.subtract(refunded);
        BigDecimal amount = requested == null ? left : requested;
        if (left.signum() <= 0 || amount.compareTo(left) > 0) {
            throw new ServiceException(
                    ErrorKind.CONFLICT,
                    "refund_exceeds_payment",
                    "A refund cannot exceed what is left of the payment: " + centimes(left.max(BigDecimal.ZERO))
                            + " HTG");
        }
        return amount;
    }

    /** A 409 {@code insufficient_balance} when {@code amount} is more than is {@code available}. */
    public static void requireAvailable(BigDecimal available, BigDecimal amount) {
        if (amount.compareTo(available) > 0) {
            throw new ServiceException(
                    ErrorKind.CONFLICT,
                    "insufficient_balance",
                    "The available balance is " + centimes(available) + " HTG, less than " + centimes(amount) + " HTG");
        }
    }

    /** An amount as every figure of the API writes it: two decimals, {@code 0.00} for none. */
    private static String centimes(BigDecimal amount) {
        return amount.setScale(2, java.math.RoundingMode.HALF_UP).toPlainString();
    }
}
