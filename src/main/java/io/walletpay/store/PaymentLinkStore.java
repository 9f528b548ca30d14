package io.walletpay.store;

import io.vertx.core.Future;
import io.walletpay.merchant.AuditEntry;
import io.walletpay.payment.LinkPage;
import io.walletpay.payment.ListLinks;
import io.walletpay.payment.NewLink;
import io.walletpay.payment.NewPayment;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentLink;
import io.walletpay.payment.PublicLink;
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

    Future<PaymentLink> create(NewLink link);

    /** One of {@code merchantId}'s links; 404 for another merchant's. */
    Future<PaymentLink> get(UUID merchantId, UUID id);

    Future<LinkPage> list(ListLinks query);

    /**
     * Deactivates the link and writes {@code entry} with it, in one statement, only if this call is the one that
     * deactivated it (again is harmless and writes nothing); 404 for another merchant's.
     */
    Future<PaymentLink> deactivate(UUID merchantId, UUID id, AuditEntry entry);

    /** The link behind a public code; unknown is 404. */
    Future<PublicLink> byCode(String code);

    /**
     * Stores {@code payment} as made through link {@code linkId}, when the link still takes one: with the link's
     * row locked, it must be active, unexpired and below {@code max_payments}. Otherwise 410 {@link #GONE}, or 409
     * {@link #BUSY} when the places left are all held by payments still in progress.
     */
    Future<Payment> createPayment(UUID linkId, NewPayment payment);
}
