package io.walletpay.json;

import io.walletpay.error.ServiceException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one reader of decimals clients send (payment amounts, merchant fees): the text of a JSON number becomes an
 * exact value at scale 2 within the caller's bounds, or a 400 {@code invalid_<field>}. The text is examined digit
 * by digit before any BigDecimal exists, so "1e999999999" costs nothing and no value is ever approximated through
 * double.
 */
public final class DecimalText {

    // The JSON number grammar (RFC 8259 §6), which the parser has already enforced for numbers.
    private static final Pattern JSON_NUMBER =
            Pattern.compile("(-?)(0|[1-9][0-9]*)(?:\\.([0-9]+))?(?:[eE]([+-]?)([0-9]+))?");

    // An exponent with more digits than this is out of range whatever the (at most 100-digit) mantissa, and fits
    // a long with room to spare.
    private static final int MAX_EXPONENT_DIGITS = 9;

    /** Any longer text is refused unread: ample for every amount written sensibly, however many zeros it carries. */
    public static final int MAX_TEXT_LENGTH = 100;

    private DecimalText() {}

    /**
     * {@code text} (a JSON number) as a value in [{@code min}, {@code max}] at scale 2. When {@code min} is above
     * zero, zero and negative values are refused as "must be greater than 0", whatever else is wrong with them.
     */
    public static BigDecimal read(String field, String text, BigDecimal min, BigDecimal max) {
        if (text.length() > MAX_TEXT_LENGTH) {
            throw ServiceException.invalid(field, field + " must be at most " + MAX_TEXT_LENGTH + " characters long");
        }
        Matcher number = JSON_NUMBER.matcher(text);
        if (!number.matches()) {
            throw ServiceException.invalid(field, field + " must be a number");
        }
        String fraction = number.group(3) == null ? "" : number.group(3);
        String digits = stripLeadingZeros(number.group(2) + fraction);
        boolean negative = !number.group(1).isEmpty() && !digits.isEmpty(); // -0 is zero
        if (min.signum() > 0 && (negative || digits.isEmpty())) {
            throw ServiceException.invalid(field, field + " must be greater than 0");
        }
        if (negative) {
            throw tooSmall(field, min);
        }
        if (digits.isEmpty()) {
            return checked(field, BigDecimal.ZERO.setScale(2), min, max);
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
            throw negativeExponent ? tooPrecise(field) : tooLarge(field, max);
        }
        long exponent = exponentDigits.isEmpty() ? 0 : Long.parseLong(exponentDigits);
        if (negativeExponent) {
            exponent = -exponent;
        }
        // value = digits × 10^-scale, with digits free of leading and trailing zeros.
        long scale = fraction.length() - (long) trailingZeros - exponent;
        if (scale > 2) {
            throw tooPrecise(field);
        }
        // more integer digits than the maximum has: larger than it, known before the value is built
        if (digits.length() - scale > max.precision() - (long) max.scale()) {
            throw tooLarge(field, max);
        }
        return checked(field, new BigDecimal(new BigInteger(digits), (int) scale).setScale(2), min, max);
    }

    private static BigDecimal checked(String field, BigDecimal value, BigDecimal min, BigDecimal max) {
        if (value.compareTo(min) < 0) {
            throw tooSmall(field, min);
        }
        if (value.compareTo(max) > 0) {
            throw tooLarge(field, max);
        }
        return value;
    }

    private static String stripLeadingZeros(String digits) {
        int first = 0;
        while (first < digits.length() && digits.charAt(first) == '0') {
            first++;
        }
        return digits.substring(first);
    }

    private static ServiceException tooPrecise(String field) {
        return ServiceException.invalid(field, field + " must have at most two decimal places");
    }

    private static ServiceException tooSmall(String field, BigDecimal min) {
        return ServiceException.invalid(field, field + " must be at least " + min.toPlainString());
    }

    private static ServiceException tooLarge(String field, BigDecimal max) {
        return ServiceException.invalid(field, field + " must be at most " + max.toPlainString());
    }
}
