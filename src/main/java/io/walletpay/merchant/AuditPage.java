package io.walletpay.merchant;

import java.util.List;

/** One page of a merchant's audit log, newest first, and whether older entries follow. */
public record AuditPage(List<AuditRecord> entries, boolean hasMore) {}
