package io.walletpay.money;

import io.walletpay.error.ServiceException;
import io.walletpay.json.JsonInput;
import io.walletpay.payment.RequestFingerprint;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
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

    public static TransferRequest refund(byte[] body) {
        JsonInput input = JsonInput.parseObject(
                body.length == 0 ? "{}".getBytes(StandardCharsets.UTF_8) : body, Set.of("amount", "reason"));
        return new TransferRequest(input.optionalMoney("amount", MIN, MAX), input.optionalText("reason", MAX_REASON));
    }

    public static TransferRequest payout(byte[] body) {
        JsonInput input = JsonInput.parseObject(body, Set.of("amount"));
        BigDecimal amount = input.optionalMoney("amount", MIN, MAX);
        if (amount == null) {
            throw ServiceException.invalid("amount", "amount is required");
        }
        return new TransferRequest(amount, null);
    }

    /** The request's meaning for {@code target} (the payment refunded, or the kind), not its bytes. */
    public byte[] fingerprint(String target) {
        return RequestFingerprint.of(target, amount == null ? null : amount.toPlainString(), reason);
    }
}
