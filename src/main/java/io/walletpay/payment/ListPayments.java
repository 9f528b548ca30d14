package io.walletpay.payment;

import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * One page of a merchant's payments, newest first; null filters match everything. {@code startingAfter} pages on
 * (the page after that payment), {@code endingBefore} back (the page just before it); at most one is set.
 */
public record ListPayments(
        UUID merchantId,
        String referenceId,
        PaymentStatus status,
        OffsetDateTime createdGte,
        OffsetDateTime createdLt,
        int limit,
        UUID startingAfter,
        UUID paymentLinkId,
        String shortCode,
        UUID endingBefore) {

    /** @throws IllegalArgumentException when {@code shortCode} is not a code as stored ({@code ShortCode.read}) */
    public ListPayments {
        if (shortCode != null) {
            ShortCode.number(shortCode);
        }
        if (startingAfter != null && endingBefore != null) {
            throw new IllegalArgumentException("page on or back, not both");
        }
    }

    /**
     * Without a short code: {@code referenceId} alone. With both, a payment matching either (the portal's one
     * search box).
     */
    public ListPayments(
            UUID merchantId,
            String referenceId,
            PaymentStatus status,
            OffsetDateTime createdGte,
            OffsetDateTime createdLt,
            int limit,
            UUID startingAfter,
            UUID paymentLinkId) {
        this(merchantId, referenceId, status, createdGte, createdLt, limit, startingAfter, paymentLinkId, null, null);
    }

    /** Without a payment link filter. */
    public ListPayments(
            UUID merchantId,
            String referenceId,
            PaymentStatus status,
            OffsetDateTime createdGte,
            OffsetDateTime createdLt,
            int limit,
            UUID startingAfter) {
        this(merchantId, referenceId, status, createdGte, createdLt, limit, startingAfter, null, null, null);
    }
}
