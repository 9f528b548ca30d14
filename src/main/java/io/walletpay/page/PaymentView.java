package io.walletpay.page;

import java.math.BigDecimal;
import java.time.OffsetDateTime;

/**
 * What the payment form shows. {@code description}, {@code referenceId}, {@code phone} (what the customer typed,
 * shown again after a refusal) and {@code error} are nullable; {@code error} is a message key. {@code formAction}
 * is where the form posts and {@code cancelHref} the step that asks before cancelling; {@code confirmingCancel} is
 * that step, shown instead of the form. {@code declined} says the wallet declined an earlier try (the payment
 * is still open) and {@code triesLeft} how many the customer has.
 */
public record PaymentView(
        String merchantName,
        BigDecimal amount,
        String description,
        String referenceId,
        OffsetDateTime expiresAt,
        String formAction,
        String cancelHref,
        boolean confirmingCancel,
        boolean declined,
        int triesLeft,
        String phone,
        PageError error) {

    public boolean hasError() {
        return error != null;
    }

    public boolean has(String value) {
        return value != null && !value.isBlank();
    }
}
