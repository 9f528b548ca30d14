package io.walletpay.webhook;

import java.util.List;

/** One page of a merchant's deliveries, newest first, and whether more follow. */
public record DeliveryPage(List<Delivery> deliveries, boolean hasMore) {}
