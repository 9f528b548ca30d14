package io.walletpay.money;

import java.util.List;

/** One page of the books' runs, newest first, and whether more follow. */
public record ReconciliationRunPage(List<ReconciliationRun> runs, boolean hasMore) {}
