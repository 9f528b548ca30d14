package io.walletpay.payment;

import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.json.DecimalText;
import java.math.BigDecimal;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An amount as people in Haiti type it in a form, in any of the service's languages: {@code 1500}, {@code 1 500,50}
 * (Kreyòl, French), {@code 1,500.50} or {@code 1500.50} (English), {@code 1.500,50}. Spaces (also no-break ones)
 * group thousands; so do commas or dots between groups of three digits. A final comma or dot followed by one or
 * two digits is the decimal mark; followed by three it groups thousands, since no amount has three decimals. The
 * number itself is then read by {@link DecimalText}, as a JSON amount is. Failures are 400s naming the field, with a
 * code saying which fault, so a page can explain it: {@link #INVALID}, {@link #TOO_SMALL} or {@link #TOO_LARGE}.
 */
public final class TypedAmount {

    public static final String INVALID = "invalid_amount";
    public static final String TOO_SMALL = "amount_too_small";
    public static final String TOO_LARGE = "amount_too_large";

    /** Whole part (plain, or grouped by threes with one separator), then an optional one- or two-digit fraction. */
    private static final Pattern TYPED = Pattern.compile("(\\d{1,15}|\\d{1,3}(?:([.,])\\d{3})+)(?:([.,])(\\d{1,2}))?");

    private TypedAmount() {}

    /** {@code typed} within [{@code min}, {@code max}] at scale 2. */
    public static BigDecimal read(String field, String typed, BigDecimal min, BigDecimal max) {
        String plain = typed == null
                ? ""
                : typed.strip().replace(" ", "").replace("\u00a0", "").replace("\u202f", "");
        Matcher parts = TYPED.matcher(plain);
        // one character cannot both group thousands and mark decimals: "1,500,50" is no amount
        if (!parts.matches() || (parts.group(2) != null && parts.group(2).equals(parts.group(3)))) {
            throw fault(INVALID, field, field + " must be a number with at most two decimals, such as 1 500,50");
        }
        String whole = parts.group(1).replace(",", "").replace(".", "");
        // DecimalText reads JSON numbers, which have no leading zeros; people do type "0500"
        String number = whole.replaceFirst("^0+(?=\\d)", "") + (parts.group(4) == null ? "" : "." + parts.group(4));
        BigDecimal value;
        try {
            value = DecimalText.read(field, number, BigDecimal.ZERO, AmountLimits.CEILING);
        } catch (ServiceException tooLong) {
            throw fault(TOO_LARGE, field, field + " must be at most " + max.toPlainString());
        }
        if (value.compareTo(min) < 0) {
            throw fault(TOO_SMALL, field, field + " must be at least " + min.toPlainString());
        }
        if (value.compareTo(max) > 0) {
            throw fault(TOO_LARGE, field, field + " must be at most " + max.toPlainString());
        }
        return value;
    }

    private static ServiceException fault(String code, String field, String message) {
        return new ServiceException(ErrorKind.VALIDATION, code, message, field);
    }
}
