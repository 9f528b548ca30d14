package io.walletpay.webhook;

import java.util.List;

/** One page of a merchant's events, newest first, and whether more follow. */
public record EventPage(List<EventView> events, boolean hasMore) {}
