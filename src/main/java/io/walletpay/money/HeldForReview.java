package io.walletpay.money;

import java.math.BigDecimal;

/** The transfers held for an operator: how many, and how much money they hold. */
public record HeldForReview(long count, BigDecimal amount) {}
