package io.walletpay.checkout;

import java.math.BigDecimal;
import java.util.UUID;

/**
 * A transaction as the provider reports it. {@code successful} is the provider's own verdict; callers still
 * compare {@code orderId} and {@code amount} (with {@code compareTo}) against the payment before completing it.
 */
public record ProviderTransaction(
        String transactionId, UUID orderId, BigDecimal amount, String payer, boolean successful) {}
