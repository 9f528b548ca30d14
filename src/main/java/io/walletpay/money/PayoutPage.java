package io.walletpay.money;

import java.util.List;

/** One page of a merchant's payouts, newest first, and whether more follow. */
public record PayoutPage(List<Transfer> payouts, boolean hasMore) {}
