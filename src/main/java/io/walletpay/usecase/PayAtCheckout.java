package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.checkout.Checkout;
import io.walletpay.checkout.PhoneNumber;
import io.walletpay.checkout.SandboxChoice;
import io.walletpay.error.ServiceException;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.payment.TransitionPayment;
import io.walletpay.store.CheckoutStore;
import io.walletpay.store.PaymentStore;

/**
 * The one way a checkout changes a payment: the sandbox page's Pay or Cancel, or the provider's confirmed outcome in
 * live mode. Every path ends in the store's conditional transition, so racing and repeated submits land on one
 * result, and a decided checkout answers every later submit as the one that decided it.
 */
public final class PayAtCheckout {

    /** What a submit of the checkout form comes to, for the page to show. */
    public sealed interface Outcome {
        Checkout checkout();
    }

    /**
     * The wallet declined; the payment stays pending and the customer may try another number ({@link
     * Checkout#triesLeft()} more times).
     */
    public record Declined(Checkout checkout) implements Outcome {}

    /** Why a payment the wallet declined on its last try failed, as the merchant reads it in {@code failure_reason}. */
    static final String DECLINED_TOO_OFTEN =
            "declined by the wallet provider: insufficient funds, " + Checkout.DECLINES_BEFORE_FAILING + " tries";

    /** The payment is decided (now or earlier): the customer sees its result. */
    public record Decided(Checkout checkout) implements Outcome {}

    /** The checkout takes no payment ({@link Checkout#refusal()}). */
    public record Refused(Checkout checkout, Checkout.Refusal refusal) implements Outcome {}

    /**
     * The form was not usable; the payment is unchanged and the form is shown again. {@code phoneProblem} says what
     * is wrong with the number when the phone is the field at fault.
     */
    public record Rejected(Checkout checkout, SandboxChoice.Invalid invalid, PhoneNumber.Problem phoneProblem)
            implements Outcome {}

    private final PaymentStore payments;
    private final CheckoutStore checkouts;

    public PayAtCheckout(PaymentStore payments, CheckoutStore checkouts) {
        this.payments = payments;
        this.checkouts = checkouts;
    }

    /** The checkout behind {@code token}, as its page shows it. */
    public Future<Checkout> show(String token) {
        return checkouts.checkout(token);
    }

    /**
     * The sandbox form's submit. A usable choice is tried at once, in the statement that finds the payment; the
     * checkout comes back as it then is, and a refusal is explained exactly as after a plain read. A decline is
     * counted, and only the one that uses up the last try fails the payment. From a page that showed
     * {@code triesLeftSeen} tries left (null: unknown), a decline counts only while that many are left, so the same
     * form sent twice uses one try.
     */
    public Future<Outcome> submit(String token, String action, String phone, Integer triesLeftSeen) {
        SandboxChoice choice = SandboxChoice.of(action, phone);
        if (choice.target() == PaymentStatus.FAILED) {
            Integer declinesSeen = triesLeftSeen == null ? null : Checkout.DECLINES_BEFORE_FAILING - triesLeftSeen;
            return checkouts.decline(token, declinesSeen).compose(checkout -> afterDecline(token, checkout));
        }
        // the sandbox's paying wallet is the number typed, recorded like the live provider's payer (refunds go there)
        Future<Checkout> found =
                choice.valid() ? checkouts.decide(token, choice.target(), choice.payer()) : checkouts.checkout(token);
        return found.compose(checkout -> {
            if (checkout.payment().status() != PaymentStatus.PENDING) {
                return Future.succeededFuture(new Decided(checkout));
            }
            if (checkout.refusal().isPresent()) {
                return Future.succeededFuture(
                        new Refused(checkout, checkout.refusal().get()));
            }
            if (!choice.valid()) {
                return Future.succeededFuture(new Rejected(checkout, choice.invalid(), choice.phoneProblem()));
            }
            // the statement found it closed, the read after it open (its merchant came back in between): once more
            return checkouts.decide(token, choice.target(), choice.payer()).map(Decided::new);
        });
    }

    private Future<Outcome> afterDecline(String token, Checkout checkout) {
        if (checkout.payment().status() != PaymentStatus.PENDING) {
            return Future.succeededFuture(new Decided(checkout));
        }
        if (checkout.refusal().isPresent()) {
            return Future.succeededFuture(
                    new Refused(checkout, checkout.refusal().get()));
        }
        if (checkout.declinedTooOften()) {
            return checkouts
                    .decide(token, PaymentStatus.FAILED, null, DECLINED_TOO_OFTEN)
                    .map(Decided::new);
        }
        return Future.succeededFuture(new Declined(checkout));
    }

    /**
     * Moves the checkout's pending payment as {@code transition} says (the provider's details: transaction, failure
     * reason, payer). When another request decided it first, answers the payment as it now is.
     */
    public Future<Checkout> decide(Checkout checkout, TransitionPayment transition) {
        return payments.transition(transition)
                .map(checkout::with)
                .recover(
                        failure -> failure instanceof ServiceException refused && "invalid_state".equals(refused.code())
                                ? checkouts.checkoutOf(transition.paymentId())
                                : Future.failedFuture(failure));
    }
}
