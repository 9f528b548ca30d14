package io.walletpay.payment;

import io.walletpay.error.ServiceException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns the text of a JSON number into an amount at scale 2, or a 400 {@code invalid_amount}. The text is
 * examined digit by digit before any BigDecimal exists, so "1e999999999" costs nothing and no value is ever
 * approximated through double.
 */
final class AmountText {

    private static final String FIELD = "amount";

    // The JSON number grammar (RFC 8259 §6), which the parser has already enforced.
    private static final Pattern JSON_NUMBER =
            Pattern.compile("(-?)(0|[1-9][0-9]*)(?:\\.([0-9]+))?(?:[eE]([+-]?)([0-9]+))?");

    // An exponent with more digits than this is out of range whatever the (at most 100-digit) mantissa, and fits
    // a long with room to spare.
    private static final int MAX_EXPONENT_DIGITS = 9;

    // Any longer text is refused unread: ample for every amount written sensibly, however many zeros it carries.
    static final int MAX_TEXT_LENGTH = 100;

    private AmountText() {}

    static BigDecimal parse(String text, AmountLimits limits) {
        if (text.length() > MAX_TEXT_LENGTH) {
            throw ServiceException.invalid(FIELD, "amount must be at most " + MAX_TEXT_LENGTH + " characters long");
        }
        Matcher number = JSON_NUMBER.matcher(text);
        if (!number.matches()) {
            throw ServiceException.invalid(FIELD, "amount must be a number");
        }
        String fraction = number.group(3) == null ? "" : number.group(3);
        String digits = stripLeadingZeros(number.group(2) + fraction);
        if (!number.group(1).isEmpty() || digits.isEmpty()) {
            throw ServiceException.invalid(FIELD, "amount must be greater than 0");
        }
        int significant = digits.length();
        while (digits.charAt(significant - 1) == '0') {
            significant--;
        }
        int trailingZeros = digits.length() - significant;
        digits = digits.substring(0, significant);

        boolean negativeExponent = "-".equals(number.group(4));
        String exponentDigits = number.group(5) == null ? "" : stripLeadingZeros(number.group(5));
        if (exponentDigits.length() > MAX_EXPONENT_DIGITS) {
            throw negativeExponent ? tooPrecise() : tooLarge(limits);
        }
        long exponent = exponentDigits.isEmpty() ? 0 : Long.parseLong(exponentDigits);
        if (negativeExponent) {
            exponent = -exponent;
        }
        // value = digits × 10^-scale, with digits free of leading and trailing zeros.
        long scale = fraction.length() - (long) trailingZeros - exponent;
        if (scale > 2) {
            throw tooPrecise();
        }
        if (digits.length() - scale > AmountLimits.MAX_INTEGER_DIGITS) {
            throw tooLarge(limits);
        }
        BigDecimal amount = new BigDecimal(new BigInteger(digits), (int) scale).setScale(2);
        if (amount.compareTo(limits.min()) < 0) {
            throw ServiceException.invalid(
                    FIELD, "amount must be at least " + limits.min().toPlainString());
        }
        if (amount.compareTo(limits.max()) > 0) {
            throw tooLarge(limits);
        }
        return amount;
    }

    private static String stripLeadingZeros(String digits) {
        int first = 0;
        while (first < digits.length() && digits.charAt(first) == '0') {
            first++;
        }
        return digits.substring(first);
    }

    private static ServiceException tooPrecise() {
        return ServiceException.invalid(FIELD, "amount must have at most two decimal places");
    }

    private static ServiceException tooLarge(AmountLimits limits) {
        return ServiceException.invalid(
                FIELD, "amount must be at most " + limits.max().toPlainString());
    }
}
