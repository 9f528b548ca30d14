package io.walletpay.payment;

import java.util.UUID;

/**
 * One page of a merchant's links, newest first: {@code startingAfter} pages on, {@code endingBefore} back (the page
 * just before that link); at most one is set.
 */
public record ListLinks(UUID merchantId, int limit, UUID startingAfter, UUID endingBefore) {

    public ListLinks {
        if (startingAfter != null && endingBefore != null) {
            throw new IllegalArgumentException("page on or back, not both");
        }
    }

    public ListLinks(UUID merchantId, int limit, UUID startingAfter) {
        this(merchantId, limit, startingAfter, null);
    }
}
