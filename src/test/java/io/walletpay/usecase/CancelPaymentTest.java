package io.walletpay.usecase;

import static io.walletpay.usecase.Done.done;
import static io.walletpay.usecase.Done.failure;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.walletpay.checkout.ProviderOrder;
import io.walletpay.checkout.ProviderTransaction;
import io.walletpay.checkout.SandboxWalletProvider;
import io.walletpay.checkout.WalletProviders;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.Merchant;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.support.TestMerchants;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A merchant cancelling a payment: only its own pending one, and never one the customer has paid at the gateway. */
class CancelPaymentTest {

    private final InMemoryPaymentStore payments = new InMemoryPaymentStore();
    private final WalletProviders sandbox = WalletProviders.only(new SandboxWalletProvider("http://localhost:8080"));
    private final Merchant merchant = TestMerchants.active();

    @Test
    void cancellingAPendingPaymentCancelsItAndChargesNothing() {
        Payment pending = payments.pending(merchant.id());

        Payment cancelled = done(new CancelPayment(payments, sandbox).cancel(merchant.id(), pending.id()));

        assertThat(cancelled.status()).isEqualTo(PaymentStatus.CANCELLED);
        assertThat(cancelled.fees()).isEqualByComparingTo("0");
        assertThat(payments.payments.get(pending.id()).status()).isEqualTo(PaymentStatus.CANCELLED);
    }

    @Test
    void cancellingAnotherMerchantsPaymentIsNotFoundAndChangesNothing() {
        Payment theirs = payments.pending(UUID.randomUUID());

        Future<Payment> cancel = new CancelPayment(payments, sandbox).cancel(merchant.id(), theirs.id());

        assertThat(((ServiceException) cancel.cause()).code()).isEqualTo("not_found");
        assertThat(payments.payments.get(theirs.id()).status()).isEqualTo(PaymentStatus.PENDING);
    }

    @Test
    void cancellingACompletedPaymentIsAnInvalidState() {
        Payment paid = payments.add(
                merchant.id(),
                "100.00",
                PaymentStatus.COMPLETED,
                InMemoryPaymentStore.now().plusMinutes(30));

        Future<Payment> cancel = new CancelPayment(payments, sandbox).cancel(merchant.id(), paid.id());

        assertThat(((ServiceException) cancel.cause()).code()).isEqualTo("invalid_state");
        assertThat(payments.payments.get(paid.id()).status()).isEqualTo(PaymentStatus.COMPLETED);
    }

    @Test
    void aLivePaymentTheCustomerHasPaidAtTheGatewayCompletesInsteadAndTheMerchantIsTold() {
        Payment live = moncashPending();
        ScriptedWalletProvider moncash = ScriptedWalletProvider.paying("TX-9", live.amount());

        Throwable refused = failure(new CancelPayment(payments, moncash.registry()).cancel(merchant.id(), live.id()));

        assertThat(((ServiceException) refused).code()).isEqualTo("invalid_state");
        assertThat(moncash.retrieved).containsExactly(ProviderOrder.first(live.id()));
        Payment stored = payments.payments.get(live.id());
        assertThat(stored.status()).isEqualTo(PaymentStatus.COMPLETED);
        assertThat(stored.providerTransactionId()).isEqualTo("TX-9");
    }

    @Test
    void aLivePaymentTheProviderKnowsNothingOfIsCancelled() {
        Payment live = moncashPending();
        ScriptedWalletProvider moncash = new ScriptedWalletProvider() {
            @Override
            public Future<ProviderTransaction> retrieveByOrder(ProviderOrder order) {
                return Future.failedFuture(ServiceException.notFound("Wallet transaction"));
            }
        };

        Payment cancelled = done(new CancelPayment(payments, moncash.registry()).cancel(merchant.id(), live.id()));

        assertThat(cancelled.status()).isEqualTo(PaymentStatus.CANCELLED);
    }

    @Test
    void theProviderUnreachableChangesNothing() {
        Payment live = moncashPending();
        ScriptedWalletProvider moncash = new ScriptedWalletProvider(); // every look-up fails

        failure(new CancelPayment(payments, moncash.registry()).cancel(merchant.id(), live.id()));

        assertThat(payments.payments.get(live.id()).status()).isEqualTo(PaymentStatus.PENDING);
        assertThat(payments.transitions).isEmpty();
    }

    private Payment moncashPending() {
        return payments.add(
                merchant.id(),
                "100.00",
                PaymentStatus.PENDING,
                InMemoryPaymentStore.now().plusMinutes(30),
                WalletProviders.MONCASH);
    }
}
