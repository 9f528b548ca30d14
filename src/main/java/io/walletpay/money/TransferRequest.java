package io.walletpay.money;

import io.walletpay.error.ServiceException;
import io.walletpay.json.DecimalText;
import io.walletpay.json.JsonInput;
import io.walletpay.payment.RequestFingerprint;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;

/**
 * The body of "refund a payment" ({@code amount} optional: what is left of the payment; {@code reason} optional) or
 * "pay me out" ({@code amount} required), read and validated; {@link #fingerprint} is what makes two requests with
 * one Idempotency-Key the same.
 */
public record TransferRequest(BigDecimal amount, String reason) {

    /** The smallest and largest amount a refund or payout may ask for. */
    public static final BigDecimal MIN = new BigDecimal("0.01");

    public static final BigDecimal MAX = new BigDecimal("1000000000.00");
    static final int MAX_REASON = 200;

    /** What {@code amount} must be, named in the 400 of one sent as an object or a list. */
    private static final Map<String, String> AN_AMOUNT = Map.of("amount", "a number");

    public static TransferRequest refund(byte[] body) {
        JsonInput input = JsonInput.parseObject(
                body.length == 0 ? "{}".getBytes(StandardCharsets.UTF_8) : body, Set.of("amount", "reason"), AN_AMOUNT);
        BigDecimal amount = amount(input);
        // only an amount left out means "what is left": a null sent by a client that meant to set one refunds nothing
        if (amount == null && input.has("amount")) {
            throw ServiceException.invalid(
                    "amount", "amount must be a number; leave it out to refund what is left of the payment");
        }
        return new TransferRequest(amount, input.optionalText("reason", MAX_REASON));
    }

    /** A refund typed into a form: {@code reason} (empty is none) held to the same rules as the API's. */
    public static TransferRequest refund(BigDecimal amount, String reason) {
        return new TransferRequest(
                amount,
                reason == null || reason.isEmpty() ? null : JsonInput.checkedText("reason", reason, MAX_REASON));
    }

    public static TransferRequest payout(byte[] body) {
        JsonInput input = JsonInput.parseObject(body, Set.of("amount"), AN_AMOUNT);
        BigDecimal amount = amount(input);
        if (amount == null) {
            throw ServiceException.invalid("amount", "amount is required");
        }
        return new TransferRequest(amount, null);
    }

    /**
     * The amount as a JSON number, read as a payment's is: a string ({@code "12.50"}) is the same 400
     * {@code invalid_amount} "amount must be a number"; null when left out or sent as null.
     */
    private static BigDecimal amount(JsonInput input) {
        String text = input.optionalNumberText("amount");
        return text == null ? null : DecimalText.read("amount", text, MIN, MAX);
    }

    /** The request's meaning for {@code target} (the payment refunded, or the kind), not its bytes. */
    public byte[] fingerprint(String target) {
        return RequestFingerprint.of(target, amount == null ? null : amount.toPlainString(), reason);
    }
}
