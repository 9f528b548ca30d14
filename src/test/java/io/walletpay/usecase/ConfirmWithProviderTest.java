package io.walletpay.usecase;

import static io.walletpay.usecase.Done.done;
import static io.walletpay.usecase.Done.failure;
import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.walletpay.checkout.Checkout;
import io.walletpay.checkout.ProviderOrder;
import io.walletpay.checkout.ProviderTransaction;
import io.walletpay.error.ServiceException;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import java.math.BigDecimal;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A live payment changes only as the provider's confirmed transaction says, checked against the payment. */
class ConfirmWithProviderTest {

    private final InMemoryPaymentStore payments = new InMemoryPaymentStore();
    private final InMemoryProviderOrderStore orders = new InMemoryProviderOrderStore(payments);
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final ConfirmWithProvider confirm = new ConfirmWithProvider(
            payments, orders, new PayAtCheckout(payments, payments), new PaymentReviews(payments, registry));
    private final UUID merchant = UUID.randomUUID();

    @Test
    void aSuccessfulTransactionOfTheAmountCompletesThePaymentWithItsPayer() {
        Payment pending = payments.pending(merchant);

        Checkout after = done(confirm.confirm(paid(pending, "100.00", "TX-1")));

        assertThat(after.payment().status()).isEqualTo(PaymentStatus.COMPLETED);
        assertThat(after.payment().providerTransactionId()).isEqualTo("TX-1");
        assertThat(after.payment().payer()).isEqualTo("50937001234");
        assertThat(orders.paid).containsEntry(ProviderOrder.first(pending.id()).id(), "TX-1");
    }

    @Test
    void anotherAmountFlagsThePaymentForAPersonAndLeavesItPending() {
        Payment pending = payments.pending(merchant);

        Throwable refused = failure(confirm.confirm(paid(pending, "90.00", "TX-2")));

        assertThat(refused).isInstanceOf(ServiceException.class);
        Payment stored = payments.payments.get(pending.id());
        assertThat(stored.status()).isEqualTo(PaymentStatus.PENDING);
        assertThat(stored.needsReview()).isTrue();
        assertThat(registry.get("walletpay.payments.needs_review").counter().count())
                .isEqualTo(1.0);
    }

    @Test
    void aSecondTryPaidAfterTheFirstCompletedNeverCompletesTwiceAndIsFlagged() {
        Payment pending = payments.pending(merchant);
        done(confirm.confirm(paid(pending, "100.00", "TX-1")));

        Checkout after = done(confirm.confirm(new ProviderTransaction(
                "TX-3", ProviderOrder.after(pending.id(), 1), new BigDecimal("100.00"), "50937009999", true)));

        assertThat(after.payment().providerTransactionId()).isEqualTo("TX-1");
        assertThat(payments.payments.get(pending.id()).reviewReason()).contains("paid twice");
        assertThat(payments.transitions).hasSize(1);
    }

    @Test
    void aDeclineCountsOnceAndLeavesThePaymentOpenForAnotherTry() {
        Payment pending = payments.pending(merchant);
        ProviderTransaction declined = new ProviderTransaction(
                "TX-4", ProviderOrder.first(pending.id()), new BigDecimal("100.00"), "50937001234", false);

        done(confirm.confirm(declined));
        Checkout again = done(confirm.confirm(declined));

        assertThat(again.payment().status()).isEqualTo(PaymentStatus.PENDING);
        assertThat(again.payment().declines()).isEqualTo(1);
    }

    private static ProviderTransaction paid(Payment payment, String amount, String transactionId) {
        return new ProviderTransaction(
                transactionId, ProviderOrder.first(payment.id()), new BigDecimal(amount), "50937001234", true);
    }
}
