package io.walletpay.webhook;

/** How many given-up deliveries a recovery queued again. */
public record RecoveredDeliveries(int queued) {}
