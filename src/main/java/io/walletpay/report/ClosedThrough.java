package io.walletpay.report;

import java.time.LocalDate;
import java.util.UUID;

/**
 * How far a merchant's days are summed for good: every day up to and including {@code through} (null: none yet)
 * has its totals kept, and the days after it are summed from the payments themselves.
 */
public record ClosedThrough(UUID merchantId, LocalDate through) {}
