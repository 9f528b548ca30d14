package io.walletpay.usecase;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.walletpay.checkout.Checkout;
import io.walletpay.checkout.PhoneNumber;
import io.walletpay.checkout.SandboxChoice;
import io.walletpay.error.ServiceException;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.payment.TransitionPayment;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The customer's checkout, decided by the use case over an in-memory payment store. */
class PayAtCheckoutTest {

    private final UUID merchant = UUID.randomUUID();
    private final InMemoryPaymentStore payments = new InMemoryPaymentStore();
    private final PayAtCheckout checkout = new PayAtCheckout(payments, payments);

    @Test
    void payWithAWalletNumberCompletesAnOpenCheckoutAndKeepsItsFees() {
        Payment pending = payments.pending(merchant);

        PayAtCheckout.Outcome outcome = done(checkout.submit(pending.checkoutToken(), "pay", "3700 1234", null));

        assertThat(outcome).isInstanceOf(PayAtCheckout.Decided.class);
        assertThat(outcome.checkout().payment().status()).isEqualTo(PaymentStatus.COMPLETED);
        assertThat(payments.payments.get(pending.id()).fees()).isEqualByComparingTo("3.00");
    }

    @Test
    void aDeclineIsAnAttemptThePaymentStaysOpenForAnotherNumber() {
        Payment pending = payments.pending(merchant);

        PayAtCheckout.Outcome declined =
                done(checkout.submit(pending.checkoutToken(), "pay", "+" + PhoneNumber.SANDBOX_DECLINED, null));

        assertThat(declined).isInstanceOf(PayAtCheckout.Declined.class);
        assertThat(declined.checkout().payment().status()).isEqualTo(PaymentStatus.PENDING);
        assertThat(declined.checkout().triesLeft()).isEqualTo(2);
        assertThat(payments.transitions).as("no transition, so no webhook").isEmpty();

        PayAtCheckout.Outcome paid = done(checkout.submit(pending.checkoutToken(), "pay", "3712 3456", null));
        assertThat(paid).isInstanceOf(PayAtCheckout.Decided.class);
        assertThat(paid.checkout().payment().status()).isEqualTo(PaymentStatus.COMPLETED);
        assertThat(payments.transitions).hasSize(1);
    }

    @Test
    void theSameFormSentTwiceUsesOneTry() {
        Payment pending = payments.pending(merchant);

        done(checkout.submit(pending.checkoutToken(), "pay", "0000 0002", 3));
        PayAtCheckout.Outcome again = done(checkout.submit(pending.checkoutToken(), "pay", "0000 0002", 3));

        assertThat(again).isInstanceOf(PayAtCheckout.Declined.class);
        assertThat(again.checkout().triesLeft())
                .as("the second tap counted nothing")
                .isEqualTo(2);
        PayAtCheckout.Outcome next = done(checkout.submit(pending.checkoutToken(), "pay", "0000 0002", 2));
        assertThat(next.checkout().triesLeft())
                .as("the page after the decline counts")
                .isEqualTo(1);
    }

    @Test
    void theThirdDeclineFailsThePaymentAndChargesNothing() {
        Payment pending = payments.pending(merchant);

        done(checkout.submit(pending.checkoutToken(), "pay", "0000 0002", null));
        done(checkout.submit(pending.checkoutToken(), "pay", "0000 0002", null));
        PayAtCheckout.Outcome third = done(checkout.submit(pending.checkoutToken(), "pay", "0000 0002", null));

        assertThat(third).isInstanceOf(PayAtCheckout.Decided.class);
        assertThat(third.checkout().payment().status()).isEqualTo(PaymentStatus.FAILED);
        assertThat(third.checkout().payment().declines()).isEqualTo(Checkout.DECLINES_BEFORE_FAILING);
        assertThat(third.checkout().payment().failureReason())
                .isEqualTo("declined by the wallet provider: insufficient funds, 3 tries");
        assertThat(payments.payments.get(pending.id()).fees()).isEqualByComparingTo("0");
        assertThat(payments.transitions).hasSize(1);
        PayAtCheckout.Outcome after = done(checkout.submit(pending.checkoutToken(), "pay", "0000 0002", null));
        assertThat(after).isInstanceOf(PayAtCheckout.Decided.class);
        assertThat(after.checkout().payment().declines())
                .as("a decided payment counts nothing more")
                .isEqualTo(3);
    }

    @Test
    void cancelCancels() {
        Payment pending = payments.pending(merchant);

        assertThat(done(checkout.submit(pending.checkoutToken(), "cancel", null, null))
                        .checkout()
                        .payment()
                        .status())
                .isEqualTo(PaymentStatus.CANCELLED);
    }

    @Test
    void anUnusableFormIsRejectedWithItsFieldAndChangesNothing() {
        Payment pending = payments.pending(merchant);

        PayAtCheckout.Outcome badPhone = done(checkout.submit(pending.checkoutToken(), "pay", "2222 2222", null));
        PayAtCheckout.Outcome badAction = done(checkout.submit(pending.checkoutToken(), "refund", "37001234", null));

        assertThat(badPhone)
                .isEqualTo(new PayAtCheckout.Rejected(
                        badPhone.checkout(),
                        SandboxChoice.Invalid.PHONE,
                        io.walletpay.checkout.PhoneNumber.Problem.LANDLINE));
        assertThat(badAction)
                .isEqualTo(new PayAtCheckout.Rejected(badAction.checkout(), SandboxChoice.Invalid.ACTION, null));
        assertThat(payments.transitions).isEmpty();
        assertThat(payments.payments.get(pending.id()).status()).isEqualTo(PaymentStatus.PENDING);
    }

    @Test
    void aPaymentPastItsExpiryIsRefusedAsExpiredEvenBeforeTheSweep() {
        Payment late = payments.add(
                merchant,
                "100.00",
                PaymentStatus.PENDING,
                InMemoryPaymentStore.now().minusMinutes(1));

        PayAtCheckout.Outcome outcome = done(checkout.submit(late.checkoutToken(), "pay", "37001234", null));

        assertThat(outcome).isEqualTo(new PayAtCheckout.Refused(outcome.checkout(), Checkout.Refusal.EXPIRED));
        assertThat(payments.transitions).isEmpty();
    }

    @Test
    void aDisabledMerchantsCheckoutTakesNoPayment() {
        Payment pending = payments.pending(merchant);
        payments.disabledMerchants.add(merchant);

        PayAtCheckout.Outcome outcome = done(checkout.submit(pending.checkoutToken(), "pay", "37001234", null));

        assertThat(outcome)
                .isEqualTo(new PayAtCheckout.Refused(outcome.checkout(), Checkout.Refusal.MERCHANT_DISABLED));
        assertThat(payments.transitions).isEmpty();
    }

    @Test
    void aRepeatedSubmitAnswersTheFirstDecisionAndChangesNothing() {
        Payment pending = payments.pending(merchant);
        done(checkout.submit(pending.checkoutToken(), "pay", "37001234", null));

        PayAtCheckout.Outcome again = done(checkout.submit(pending.checkoutToken(), "cancel", null, null));

        assertThat(again).isInstanceOf(PayAtCheckout.Decided.class);
        assertThat(again.checkout().payment().status()).isEqualTo(PaymentStatus.COMPLETED);
        assertThat(payments.transitions).hasSize(1);
    }

    @Test
    void aProvidersOutcomeForAPaymentDecidedMeanwhileAnswersItAsItNowIs() {
        Payment pending = payments.pending(merchant);
        Checkout seen = done(checkout.show(pending.checkoutToken()));
        done(checkout.submit(pending.checkoutToken(), "cancel", null, null));

        Checkout answered = done(checkout.decide(
                seen, new TransitionPayment(pending.id(), null, PaymentStatus.COMPLETED, "TX-1", null, "50937001234")));

        assertThat(answered.payment().status()).isEqualTo(PaymentStatus.CANCELLED);
    }

    @Test
    void anUnknownTokenIsNotFound() {
        Future<PayAtCheckout.Outcome> outcome = checkout.submit("no-such-token", "pay", "37001234", null);

        assertThat(outcome.failed()).isTrue();
        assertThat(((ServiceException) outcome.cause()).code()).isEqualTo("not_found");
    }

    private static <T> T done(Future<T> future) {
        assertThat(future.succeeded()).as(String.valueOf(future.cause())).isTrue();
        return future.result();
    }
}
