package io.walletpay.money;

/** The transfer, and whether this request created it (false: the same Idempotency-Key answered again). */
public record CreatedTransfer(Transfer transfer, boolean created) {}
