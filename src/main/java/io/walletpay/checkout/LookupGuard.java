package io.walletpay.checkout;

import io.walletpay.payment.PaymentStatus;
import java.util.Optional;

/**
 * Owns the rule of when the customer's return or the provider's Alert URL may ask MonCash about what it names:
 * MonCash's retrieve calls spend the business account's API quota, which money out shares, and anybody can call
 * those two routes. Only what names a payment of ours that still waits for the provider is looked up; what names a
 * payment already decided is answered from our own record; the rest is not ours, and MonCash is not asked.
 */
public final class LookupGuard {

    /** What to do with a reference the return or a notification carries. */
    public enum Verdict {
        /** Ask MonCash (within the limits of look-ups): what it answers may change the payment. */
        LOOK_UP,
        /** Answer with the payment as we have it: MonCash's answer was already applied to it. */
        FROM_RECORD,
        /** None of our payments waits for it: answer "not found" without asking anybody. */
        NOT_OURS
    }

    private LookupGuard() {}

    /**
     * An order ({@link ProviderOrder}): looked up only while its payment is pending and the try was opened at the
     * provider (the first try is opened with the payment; later ones by a retry). A decided payment's order is
     * answered from the record, as a repeated notification expects; an unknown payment or an unopened try is
     * nobody's. A pending payment past its expiry is still looked up: it may have been paid before it ended.
     *
     * @param checkout the payment the order names, empty when there is none
     * @param tryOpened whether that try was opened at the provider (always true for the first try)
     */
    public static Verdict forOrder(Optional<Checkout> checkout, boolean tryOpened) {
        if (checkout.isEmpty()) {
            return Verdict.NOT_OURS;
        }
        if (checkout.get().payment().status() != PaymentStatus.PENDING) {
            return Verdict.FROM_RECORD;
        }
        return tryOpened ? Verdict.LOOK_UP : Verdict.NOT_OURS;
    }

    /**
     * A transaction id: one already recorded on a payment that is decided is answered from that payment; any other
     * is looked up only while some payment may still be paid at the provider. (A transaction recorded on a payment
     * still pending, one flagged for review, is looked up again: the payment can still change.)
     *
     * @param recorded the payment the transaction is recorded on, empty when none
     * @param anyAwaitingProvider whether some payment is pending, or so recent that one of its tries may be paid
     */
    public static Verdict forTransaction(Optional<Checkout> recorded, boolean anyAwaitingProvider) {
        if (recorded.isPresent() && recorded.get().payment().status() != PaymentStatus.PENDING) {
            return Verdict.FROM_RECORD;
        }
        return recorded.isPresent() || anyAwaitingProvider ? Verdict.LOOK_UP : Verdict.NOT_OURS;
    }
}
