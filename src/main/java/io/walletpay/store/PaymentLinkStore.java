package io.walletpay.store;

import io.vertx.core.Future;
import io.walletpay.payment.NewPayment;
import io.walletpay.payment.Payment;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/**
 * Payment links: one shared link (and its QR code) through which customers make many payments. A payment made
 * through a link is stored here, in the same transaction that checks the link may still take one, so two customers
 * racing for a link's last payment never both get it.
 */
public interface PaymentLinkStore {

    /** The error code of a link that takes no more payments (deactivated, expired or used up): 410. */
    String GONE = "payment_link_gone";

    /**
     * The error code of a link whose every remaining place is held by a payment still in progress: 409. It takes a
     * payment again when one of those expires or fails unpaid; only completed payments use a link up.
     */
    String BUSY = "payment_link_busy";

    /** A link about to be stored; {@code amount} null means the customer types it, from {@code minAmount}. */
    record NewLink(
            UUID id,
            UUID merchantId,
            String code,
            BigDecimal amount,
            BigDecimal minAmount,
            String description,
            String referenceId,
            OffsetDateTime expiresAt,
            Integer maxPayments,
            OffsetDateTime createdAt) {}

    /**
     * A link as stored, with its payments: {@code paymentsCount} and {@code amountCollected} count completed ones,
     * {@code paymentsInUse} those that hold one of {@code maxPayments} (completed, or pending, expired or not),
     * {@code heldUntil} the earliest expiry of the pending ones (null when none): when a place may free up.
     */
    record PaymentLink(
            UUID id,
            UUID merchantId,
            String code,
            BigDecimal amount,
            BigDecimal minAmount,
            String description,
            String referenceId,
            OffsetDateTime expiresAt,
            Integer maxPayments,
            boolean active,
            OffsetDateTime createdAt,
            int paymentsCount,
            BigDecimal amountCollected,
            int paymentsInUse,
            OffsetDateTime heldUntil) {

        /** Why the link takes no payment at {@code now}, or null when it takes one. */
        public Gone gone(OffsetDateTime now) {
            if (!active) {
                return Gone.DEACTIVATED;
            }
            if (expiresAt != null && !expiresAt.isAfter(now)) {
                return Gone.EXPIRED;
            }
            if (maxPayments != null && paymentsCount >= maxPayments) {
                return Gone.USED_UP;
            }
            return null;
        }

        /**
         * Whether every place left is held by a payment still in progress, so the link takes none now but may later
         * (from {@link #heldUntil()}, if that payment is not paid). A link that is {@link #gone} is not busy.
         */
        public boolean busy(OffsetDateTime now) {
            return gone(now) == null && maxPayments != null && paymentsInUse >= maxPayments;
        }
    }

    /** Why a link takes no more payments. */
    enum Gone {
        DEACTIVATED,
        EXPIRED,
        USED_UP
    }

    /** A link as its public page shows it: with its merchant's name, page language and whether it takes payments. */
    record PublicLink(PaymentLink link, String merchantName, String merchantLocale, boolean merchantActive) {}

    /** One page of a merchant's links, newest first. */
    record ListLinks(UUID merchantId, int limit, UUID startingAfter) {}

    record LinkPage(List<PaymentLink> links, boolean hasMore) {}

    Future<PaymentLink> create(NewLink link);

    /** One of {@code merchantId}'s links; 404 for another merchant's. */
    Future<PaymentLink> get(UUID merchantId, UUID id);

    Future<LinkPage> list(ListLinks query);

    /**
     * Deactivates the link and writes {@code entry} with it, in one statement, only if this call is the one that
     * deactivated it (again is harmless and writes nothing); 404 for another merchant's.
     */
    Future<PaymentLink> deactivate(UUID merchantId, UUID id, AuditStore.AuditEntry entry);

    /** The link behind a public code; unknown is 404. */
    Future<PublicLink> byCode(String code);

    /**
     * Stores {@code payment} as made through link {@code linkId}, when the link still takes one: with the link's
     * row locked, it must be active, unexpired and below {@code max_payments}. Otherwise 410 {@link #GONE}, or 409
     * {@link #BUSY} when the places left are all held by payments still in progress.
     */
    Future<Payment> createPayment(UUID linkId, NewPayment payment);
}
