package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.checkout.Checkout;
import io.walletpay.checkout.PhoneNumber;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.Merchant;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.payment.TransitionPayment;
import io.walletpay.store.CheckoutStore;
import io.walletpay.store.PaymentStore;
import java.util.UUID;

/**
 * Test mode's helpers: what a customer or the clock would do to a test payment, done by the integrator's own call, so
 * an integration's webhooks and states can be tried without a browser. Paying goes through the sandbox checkout's
 * own statement ({@link CheckoutStore#decide}), with the sandbox's numbers: its declining number fails the payment,
 * any other valid number pays it. Only a test twin's token reaches them; a live one is answered 404
 * {@code test_mode_only} and nothing changes.
 */
public final class TestPayments {

    /** Why a payment the helper declined failed, as the merchant reads it in {@code failure_reason}. */
    static final String DECLINED = "declined by the wallet provider: the sandbox's declining test number";

    private final PaymentStore payments;
    private final CheckoutStore checkouts;

    public TestPayments(PaymentStore payments, CheckoutStore checkouts) {
        this.payments = payments;
        this.checkouts = checkouts;
    }

    /** Pays the pending test payment {@code id} from {@code phone}, or fails it with the sandbox's declining number. */
    public Future<Payment> pay(Merchant merchant, UUID id, String phone) {
        onlyInTestMode(merchant);
        boolean declined = PhoneNumber.sandboxDeclined(phone);
        PhoneNumber.Reading number = PhoneNumber.read(phone);
        if (!declined && number.valid().isEmpty()) {
            throw ServiceException.invalid(
                    "phone", "phone must be a Haitian mobile number of 8 digits, for example 3712 3456");
        }
        PaymentStatus target = declined ? PaymentStatus.FAILED : PaymentStatus.COMPLETED;
        String payer = declined ? null : number.valid().get().digits();
        return payments.get(merchant.id(), id)
                .compose(payment -> pending(payment)
                        .compose(open ->
                                checkouts.decide(open.checkoutToken(), target, payer, declined ? DECLINED : null)))
                .compose(checkout -> decided(checkout, target));
    }

    /** Expires the pending test payment {@code id} now, as the expiry sweep would at its time. */
    public Future<Payment> expire(Merchant merchant, UUID id) {
        onlyInTestMode(merchant);
        return payments.get(merchant.id(), id)
                .compose(TestPayments::pending)
                .compose(open ->
                        payments.transition(new TransitionPayment(id, merchant.id(), PaymentStatus.EXPIRED, null)));
    }

    private static void onlyInTestMode(Merchant merchant) {
        if (merchant.livemode()) {
            throw new ServiceException(
                    ErrorKind.NOT_FOUND,
                    "test_mode_only",
                    "Test helpers answer test-mode tokens only: ask for a token with the test secret key (sk_test_…)");
        }
    }

    private static Future<Payment> pending(Payment payment) {
        return payment.status() == PaymentStatus.PENDING
                ? Future.succeededFuture(payment)
                : Future.failedFuture(notPending(payment));
    }

    /** The checkout's statement found the payment decided already, or closed to payment: nothing changed. */
    private static Future<Payment> decided(Checkout checkout, PaymentStatus target) {
        Payment payment = checkout.payment();
        if (payment.status() == target) {
            return Future.succeededFuture(payment);
        }
        return Future.failedFuture(
                payment.status() == PaymentStatus.PENDING
                        ? new ServiceException(
                                ErrorKind.CONFLICT,
                                "invalid_state",
                                "This payment can no longer be paid: its time is over")
                        : notPending(payment));
    }

    private static ServiceException notPending(Payment payment) {
        return new ServiceException(
                ErrorKind.CONFLICT,
                "invalid_state",
                "This payment is " + payment.status().wireName() + ", not pending: it cannot be paid or expired");
    }
}
