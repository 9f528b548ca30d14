package io.walletpay.payment;

import io.walletpay.error.ServiceException;
import io.walletpay.json.DecimalText;
import io.walletpay.json.JsonInput;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Set;

/**
 * The body of "create a payment", read and validated: an amount at scale 2 within the limits, and the optional
 * merchant reference, customer name, customer e-mail and description (null when absent or JSON null).
 *
 * <p>Decisions the API contract leaves open, made here:
 * <ul>
 *   <li>Strings, encoding and structure follow {@link JsonInput}'s rules, shared by every request body.</li>
 *   <li>An amount with trailing fraction zeros (1.230) or an exponent (1e2) is accepted when its exact value has
 *       at most two decimals; a negative zero is not greater than 0.</li>
 * </ul>
 */
public record CreatePaymentRequest(
        BigDecimal amount, String referenceId, String customerName, String customerEmail, String description) {

    static final int MAX_REFERENCE_ID = 100;
    static final int MAX_CUSTOMER_NAME = 200;
    static final int MAX_DESCRIPTION = 500;

    private static final String AMOUNT = "amount";
    private static final String REFERENCE_ID = "reference_id";
    private static final String CUSTOMER_NAME = "customer_name";
    private static final String CUSTOMER_EMAIL = "customer_email";
    private static final String DESCRIPTION = "description";

    private static final Set<String> FIELDS = Set.of(AMOUNT, REFERENCE_ID, CUSTOMER_NAME, CUSTOMER_EMAIL, DESCRIPTION);
    private static final Map<String, String> EXPECTED = Map.of(AMOUNT, "a number");

    /**
     * Reads {@code jsonBody}; every failure is a {@link ServiceException} of kind VALIDATION. Fields are judged in
     * the order amount, reference_id, customer_name, customer_email, description; the first fault is reported.
     */
    public static CreatePaymentRequest parse(byte[] jsonBody, AmountLimits limits) {
        JsonInput input = JsonInput.parseObject(jsonBody, FIELDS, EXPECTED);
        String amount = input.numberText(AMOUNT);
        if (amount == null) {
            throw ServiceException.invalid(AMOUNT, "amount is required");
        }
        BigDecimal exactAmount = DecimalText.read(AMOUNT, amount, limits.min(), limits.max());
        String referenceId = input.optionalText(REFERENCE_ID, MAX_REFERENCE_ID);
        String customerName = input.optionalText(CUSTOMER_NAME, MAX_CUSTOMER_NAME);
        String customerEmail = input.optionalText(CUSTOMER_EMAIL, EmailAddressShape.MAX_LENGTH);
        if (customerEmail != null && !EmailAddressShape.accepts(customerEmail)) {
            throw ServiceException.invalid(CUSTOMER_EMAIL, "customer_email must be an e-mail address");
        }
        return new CreatePaymentRequest(
                exactAmount,
                referenceId,
                customerName,
                customerEmail,
                input.optionalText(DESCRIPTION, MAX_DESCRIPTION));
    }
}
