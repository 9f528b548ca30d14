package io.walletpay.page;

import java.math.BigDecimal;
import java.time.OffsetDateTime;

/**
 * The page a customer sees back from the wallet provider after a decline, in live mode: what was declined and why
 * ({@code providerMessage}, the provider's own words, nullable), that no money was taken, how many tries are left,
 * and a form posting {@code paymentId} to {@code formAction} to try again at the provider. {@code returnUrl}, when
 * the merchant has one, is the way back to the shop.
 */
public record RetryView(
        String merchantName,
        BigDecimal amount,
        String referenceId,
        OffsetDateTime expiresAt,
        String providerMessage,
        int triesLeft,
        String formAction,
        String paymentId,
        String returnUrl) {

    public boolean has(String value) {
        return value != null && !value.isBlank();
    }
}
