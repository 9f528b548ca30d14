package io.walletpay.checkout;

import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import java.util.Optional;

/**
 * A payment as its customer meets it, with what its pages need from the merchant. {@code returnUrl} is null when
 * the merchant has none; {@code pastExpiry} is measured by the database clock, so a pending payment the sweep has
 * not reached yet is still refused. {@code merchantLocale} is the merchant's page language ({@code ht}, {@code fr},
 * {@code en}), null when it has not chosen.
 */
public record Checkout(
        Payment payment,
        String merchantName,
        String returnUrl,
        boolean pastExpiry,
        String merchantLocale,
        boolean merchantActive) {

    /**
     * How many times the wallet may decline before the payment fails: a decline is an attempt, and the customer may
     * try another number, but a checkout is not a place to try numbers without end.
     */
    public static final int DECLINES_BEFORE_FAILING = 3;

    /** Why a checkout cannot take a payment although its payment is (or was) pending. */
    public enum Refusal {
        EXPIRED,
        MERCHANT_DISABLED
    }

    /**
     * Who may pay, the one rule: a pending payment, not past its expiry, of an active merchant. The store's
     * conditional transition by token checks the same three conditions in its statement, so two racing submits
     * cannot both pass it.
     */
    public boolean open() {
        return payment.status() == PaymentStatus.PENDING && refusal().isEmpty();
    }

    /**
     * What stands in the way of paying: an expired payment (swept or not yet), or a pending one whose merchant
     * takes no payments; empty for an open checkout and for a decided one (which shows its result).
     */
    public Optional<Refusal> refusal() {
        PaymentStatus status = payment.status();
        if (status == PaymentStatus.EXPIRED || (status == PaymentStatus.PENDING && pastExpiry)) {
            return Optional.of(Refusal.EXPIRED);
        }
        if (status == PaymentStatus.PENDING && !merchantActive) {
            return Optional.of(Refusal.MERCHANT_DISABLED);
        }
        return Optional.empty();
    }

    /** Whether the wallet has declined as many times as a payment may be declined, so the payment must fail. */
    public boolean declinedTooOften() {
        return payment.declines() >= DECLINES_BEFORE_FAILING;
    }

    /** How many more tries the customer has after the declines so far. */
    public int triesLeft() {
        return Math.max(0, DECLINES_BEFORE_FAILING - payment.declines());
    }

    /** The same checkout after {@code changed} (the same payment, transitioned). */
    public Checkout with(Payment changed) {
        return new Checkout(changed, merchantName, returnUrl, pastExpiry, merchantLocale, merchantActive);
    }
}
