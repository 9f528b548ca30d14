package io.walletpay.payment;

import java.util.UUID;

/** One page of a merchant's links, newest first. */
public record ListLinks(UUID merchantId, int limit, UUID startingAfter) {}
