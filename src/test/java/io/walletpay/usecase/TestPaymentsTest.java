package io.walletpay.usecase;

import static io.walletpay.usecase.Done.done;
import static io.walletpay.usecase.Done.failure;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.walletpay.checkout.PhoneNumber;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.Merchant;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.support.TestMerchants;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Test mode's helpers pay, decline and expire a test twin's payments, and answer a live merchant 404. */
class TestPaymentsTest {

    private final Merchant live = TestMerchants.active();
    private final Merchant twin = TestMerchants.twinOf(live);
    private final InMemoryPaymentStore payments = new InMemoryPaymentStore();
    private final TestPayments helpers = new TestPayments(payments, payments);

    @Test
    void aValidNumberPaysTheTestPaymentAndIsItsPayer() {
        Payment pending = payments.pending(twin.id());

        Payment paid = done(helpers.pay(twin, pending.id(), "3712 3456"));

        assertThat(paid.status()).isEqualTo(PaymentStatus.COMPLETED);
        assertThat(paid.payer()).isEqualTo("50937123456");
    }

    @Test
    void theSandboxsDecliningNumberFailsIt() {
        Payment pending = payments.pending(twin.id());

        Payment failed = done(helpers.pay(twin, pending.id(), PhoneNumber.SANDBOX_DECLINED));

        assertThat(failed.status()).isEqualTo(PaymentStatus.FAILED);
        assertThat(failed.failureReason()).isEqualTo(TestPayments.DECLINED);
    }

    @Test
    void expireExpiresAPendingTestPayment() {
        Payment pending = payments.pending(twin.id());

        assertThat(done(helpers.expire(twin, pending.id())).status()).isEqualTo(PaymentStatus.EXPIRED);
    }

    @Test
    void aLiveMerchantIsAnswered404AndNothingChanges() {
        Payment pending = payments.pending(live.id());

        assertThatThrownBy(() -> helpers.pay(live, pending.id(), "3712 3456"))
                .isInstanceOfSatisfying(ServiceException.class, refused -> {
                    assertThat(refused.code()).isEqualTo("test_mode_only");
                    assertThat(refused.kind().status()).isEqualTo(404);
                });
        assertThatThrownBy(() -> helpers.expire(live, pending.id())).isInstanceOf(ServiceException.class);
        assertThat(payments.transitions).isEmpty();
    }

    @Test
    void aBadNumberIs400OnThePhoneAndChangesNothing() {
        Payment pending = payments.pending(twin.id());

        assertThatThrownBy(() -> helpers.pay(twin, pending.id(), "12"))
                .isInstanceOfSatisfying(ServiceException.class, refused -> assertThat(refused.code())
                        .isEqualTo("invalid_phone"));
        assertThat(payments.transitions).isEmpty();
    }

    @Test
    void aPaymentNoLongerPendingIs409() {
        Payment pending = payments.pending(twin.id());
        done(helpers.expire(twin, pending.id()));

        Throwable refused = failure(helpers.pay(twin, pending.id(), "3712 3456"));

        assertThat(((ServiceException) refused).code()).isEqualTo("invalid_state");
        assertThat(payments.payments.get(pending.id()).status()).isEqualTo(PaymentStatus.EXPIRED);
    }

    @Test
    void anotherMerchantsPaymentIsNotFound() {
        Payment foreign = payments.pending(UUID.randomUUID());

        Throwable missing = failure(helpers.pay(twin, foreign.id(), "3712 3456"));

        assertThat(((ServiceException) missing).code()).isEqualTo("not_found");
    }
}
