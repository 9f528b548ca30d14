package io.walletpay.page;

import java.math.BigDecimal;

/**
 * What the payment form shows. {@code description}, {@code referenceId}, {@code phone} (what the customer typed,
 * shown again after a refusal) and {@code error} are nullable; {@code error} is a message key.
 */
public record PaymentView(
        String merchantName,
        BigDecimal amount,
        String description,
        String referenceId,
        String formAction,
        String phone,
        PageError error) {

    public boolean hasError() {
        return error != null;
    }

    public boolean has(String value) {
        return value != null && !value.isBlank();
    }
}
