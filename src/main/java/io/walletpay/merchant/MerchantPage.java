package io.walletpay.merchant;

import java.util.List;

/** One page of merchants, as the admin lists them, and whether more follow. */
public record MerchantPage(List<Merchant> merchants, boolean hasMore) {}
