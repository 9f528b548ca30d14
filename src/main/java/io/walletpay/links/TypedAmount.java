package io.walletpay.links;

import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.json.DecimalText;
import io.walletpay.payment.AmountLimits;
import java.math.BigDecimal;

/**
 * An amount as people in Haiti type it in a form: spaces (also no-break ones) group thousands, and one comma or
 * dot is the decimal mark: {@code 1500}, {@code 1 500,50}, {@code 1500.50}. The number itself is read by
 * {@link DecimalText}, as a JSON amount is. Failures are 400s naming the field, with a code saying which fault, so
 * a page can explain it: {@link #INVALID}, {@link #TOO_SMALL} or {@link #TOO_LARGE}.
 */
public final class TypedAmount {

    public static final String INVALID = "invalid_amount";
    public static final String TOO_SMALL = "amount_too_small";
    public static final String TOO_LARGE = "amount_too_large";

    private TypedAmount() {}

    /** {@code typed} within [{@code min}, {@code max}] at scale 2. */
    public static BigDecimal read(String field, String typed, BigDecimal min, BigDecimal max) {
        String plain = typed == null
                ? ""
                : typed.strip().replace(" ", "").replace("\u00a0", "").replace("\u202f", "");
        if (!plain.matches("\\d{1,15}([.,]\\d{1,2})?")) {
            throw fault(INVALID, field, field + " must be a number with at most two decimals, such as 1 500,50");
        }
        // DecimalText reads JSON numbers, which have no leading zeros; people do type "0500"
        String number = plain.replace(',', '.').replaceFirst("^0+(?=\\d)", "");
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
