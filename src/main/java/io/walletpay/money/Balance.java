package io.walletpay.money;

import java.math.BigDecimal;

/**
 * What walletpay holds for a merchant: {@code available} to refund or pay out (completed payments' net amounts,
 * less refunds and payouts asked for), and {@code pendingOut}, the refunds and payouts not yet paid by the provider.
 */
public record Balance(BigDecimal available, BigDecimal pendingOut) {}
