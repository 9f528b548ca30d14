package io.walletpay.links;

import io.walletpay.error.ServiceException;
import io.walletpay.json.DecimalText;
import io.walletpay.json.JsonInput;
import io.walletpay.payment.AmountLimits;
import io.walletpay.view.Timestamps;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Set;

/**
 * The body of "create a payment link", read and validated: a fixed {@code amount} or, without one, a
 * {@code min_amount} the customer's typed amount must reach (default: the smallest payment); a required
 * description; an optional reference, expiry (in the future) and number of payments. Failures are 400s naming the
 * field, judged in the order of the fields below.
 */
public record PaymentLinkRequest(
        BigDecimal amount,
        BigDecimal minAmount,
        String description,
        String referenceId,
        OffsetDateTime expiresAt,
        Integer maxPayments) {

    public static final int MAX_DESCRIPTION = 200;
    public static final int MAX_REFERENCE_ID = 100;
    /** Enough for a stall's whole life; keeps the count an int. */
    public static final int MAX_PAYMENTS = 1_000_000;

    private static final String AMOUNT = "amount";
    private static final String MIN_AMOUNT = "min_amount";
    private static final String DESCRIPTION = "description";
    private static final String REFERENCE_ID = "reference_id";
    private static final String EXPIRES_AT = "expires_at";
    private static final String MAX_PAYMENTS_FIELD = "max_payments";

    private static final Set<String> FIELDS =
            Set.of(AMOUNT, MIN_AMOUNT, DESCRIPTION, REFERENCE_ID, EXPIRES_AT, MAX_PAYMENTS_FIELD);
    private static final Map<String, String> EXPECTED =
            Map.of(AMOUNT, "a number", MIN_AMOUNT, "a number", MAX_PAYMENTS_FIELD, "a whole number");

    public PaymentLinkRequest {
        if (description == null) {
            throw new IllegalArgumentException("description");
        }
    }

    /** Reads {@code jsonBody}; {@code now} decides whether {@code expires_at} is in the future. */
    public static PaymentLinkRequest parse(byte[] jsonBody, AmountLimits limits, OffsetDateTime now) {
        JsonInput input = JsonInput.parseObject(jsonBody, FIELDS, EXPECTED);
        BigDecimal amount = optionalAmount(input, AMOUNT, limits);
        BigDecimal minAmount = optionalAmount(input, MIN_AMOUNT, limits);
        if (amount != null && minAmount != null) {
            throw ServiceException.invalid(
                    MIN_AMOUNT, "min_amount is for links whose customer types the amount; leave it out with amount");
        }
        String description = input.requiredText(DESCRIPTION, MAX_DESCRIPTION);
        String referenceId = input.optionalText(REFERENCE_ID, MAX_REFERENCE_ID);
        OffsetDateTime expiresAt = expiresAt(input.optionalText(EXPIRES_AT, 64), now);
        Integer maxPayments = maxPayments(input);
        return new PaymentLinkRequest(
                amount,
                amount == null ? orDefault(minAmount, limits) : null,
                description,
                referenceId,
                expiresAt,
                maxPayments);
    }

    /** A JSON number within the payment bounds, as a payment's amount is; a string is refused as for a payment. */
    private static BigDecimal optionalAmount(JsonInput input, String field, AmountLimits limits) {
        String text = input.optionalNumberText(field);
        return text == null ? null : DecimalText.read(field, text, limits.min(), limits.max());
    }

    /** The lowest amount a customer may type: {@code min_amount}, else the smallest payment (1.00 by default). */
    private static BigDecimal orDefault(BigDecimal minAmount, AmountLimits limits) {
        return minAmount != null ? minAmount : limits.min();
    }

    private static OffsetDateTime expiresAt(String text, OffsetDateTime now) {
        if (text == null) {
            return null;
        }
        OffsetDateTime at;
        try {
            at = Timestamps.parse(text);
        } catch (DateTimeParseException e) {
            throw ServiceException.invalid(
                    EXPIRES_AT, "expires_at must be an RFC 3339 time such as 2026-12-31T23:59:59Z");
        }
        if (!at.isAfter(now)) {
            throw ServiceException.invalid(EXPIRES_AT, "expires_at must be in the future");
        }
        return at;
    }

    private static Integer maxPayments(JsonInput input) {
        String text = input.optionalNumberText(MAX_PAYMENTS_FIELD);
        if (text == null) {
            return null;
        }
        if (!text.matches("[1-9][0-9]{0,6}") || Integer.parseInt(text) > MAX_PAYMENTS) {
            throw ServiceException.invalid(
                    MAX_PAYMENTS_FIELD, "max_payments must be a whole number from 1 to " + MAX_PAYMENTS);
        }
        return Integer.parseInt(text);
    }
}
