package io.walletpay.money;

import java.util.List;

/** One page of transfers as operators list them, and whether more follow. */
public record TransferPage(List<Transfer> transfers, boolean hasMore) {}
