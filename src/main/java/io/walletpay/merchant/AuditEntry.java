package io.walletpay.merchant;

import java.util.UUID;

/**
 * One entry as written: {@code actor} is who ({@code <merchant id>}, {@code admin}, {@code person:<e-mail>}),
 * {@code what} names the fields changed or the secret rotated, never a value.
 */
public record AuditEntry(UUID merchantId, String actor, String sourceAddress, String action, String what) {}
