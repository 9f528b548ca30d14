package io.walletpay.payment;

import io.walletpay.error.ServiceException;

/**
 * The rules every string field of a request obeys: present means not blank, a length counted in Unicode code
 * points, no control characters and no lone surrogate halves (which PostgreSQL's UTF-8 could not store).
 */
final class RequestText {

    private RequestText() {}

    /** {@code value} unchanged when it obeys the rules; otherwise a 400 {@code invalid_<field>}. */
    static String check(String field, String value, int maxCodePoints) {
        if (value.isBlank()) {
            throw ServiceException.invalid(field, field + " must not be empty");
        }
        // Cheap bound first: a string longer in chars than the limit allows in surrogate pairs is too long outright.
        if (value.length() > 2L * maxCodePoints || value.codePointCount(0, value.length()) > maxCodePoints) {
            throw ServiceException.invalid(field, field + " must be at most " + maxCodePoints + " characters");
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (Character.isISOControl(c)) {
                throw ServiceException.invalid(field, field + " must not contain control characters");
            }
            if (Character.isHighSurrogate(c)
                    && i + 1 < value.length()
                    && Character.isLowSurrogate(value.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw ServiceException.invalid(field, field + " must be valid Unicode text");
            }
        }
        return value;
    }
}
