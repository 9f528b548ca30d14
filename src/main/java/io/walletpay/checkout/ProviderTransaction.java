package io.walletpay.checkout;

import java.math.BigDecimal;

/**
 * A transaction as the provider reports it. {@code message} is the provider's own verdict ({@code successful}
 * is the only one that pays); {@link ProviderConfirmation} compares {@code order} (which payment, which try) and {@code amount} against
 * the payment before anything changes.
 */
public record ProviderTransaction(
        String transactionId, ProviderOrder order, BigDecimal amount, String payer, String message) {

    public static final String SUCCESSFUL = "successful";

    /** A transaction whose verdict is only known as successful or not. */
    public ProviderTransaction(
            String transactionId, ProviderOrder order, BigDecimal amount, String payer, boolean successful) {
        this(transactionId, order, amount, payer, successful ? SUCCESSFUL : "failed");
    }

    public boolean successful() {
        return SUCCESSFUL.equalsIgnoreCase(message == null ? null : message.strip());
    }
}
