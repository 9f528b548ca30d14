package io.walletpay.money;

import java.math.BigDecimal;

/**
 * What walletpay holds for a merchant: {@code available} to refund or pay out (completed payments' net amounts,
 * less refunds and payouts asked for), {@code pendingOut}, the refunds and payouts not yet paid by the provider, and
 * {@code payoutPhone}, where payouts go (null until set).
 */
public record Balance(BigDecimal available, BigDecimal pendingOut, String payoutPhone) {}
