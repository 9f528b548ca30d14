package io.walletpay.usecase;

import static io.walletpay.usecase.Done.done;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.walletpay.checkout.ProviderOrder;
import io.walletpay.checkout.ProviderPayment;
import io.walletpay.checkout.SandboxWalletProvider;
import io.walletpay.checkout.WalletProviders;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Another try after a decline is opened once, at the provider that took the payment. */
class RetryWithProviderTest {

    private final InMemoryPaymentStore payments = new InMemoryPaymentStore();
    private final InMemoryProviderOrderStore orders = new InMemoryProviderOrderStore(payments);
    private final ScriptedWalletProvider moncash = new ScriptedWalletProvider() {
        @Override
        public Future<ProviderPayment> createPayment(ProviderOrder order, BigDecimal amount) {
            opened.add(order);
            return Future.succeededFuture(new ProviderPayment(
                    "tok-" + order.attempt(), "https://gateway.example/Payment/Redirect?token=tok-" + order.attempt()));
        }
    };
    // new payments would go to the sandbox: the retry must still go to MonCash, which took the payment
    private final SandboxWalletProvider sandbox = new SandboxWalletProvider("http://localhost");
    private final RetryWithProvider retry = new RetryWithProvider(
            payments, orders, new WalletProviders(sandbox, sandbox, moncash), Duration.ofMinutes(30));
    private final UUID merchant = UUID.randomUUID();

    @Test
    void withNoDeclineTheCustomerGoesBackToTheFirstTry() {
        Payment pending = live();

        RetryWithProvider.Outcome outcome = done(retry.retry(pending.id()));

        assertThat(outcome).isEqualTo(new RetryWithProvider.Gateway(pending.redirectUrl()));
        assertThat(moncash.opened).isEmpty();
    }

    @Test
    void afterADeclineTheNextTryIsOpenedOnceAtThePaymentsOwnProvider() {
        Payment pending = live();
        payments.payments.put(pending.id(), pending.declinedOnce(InMemoryPaymentStore.now()));

        RetryWithProvider.Outcome first = done(retry.retry(pending.id()));
        RetryWithProvider.Outcome again = done(retry.retry(pending.id()));

        assertThat(first)
                .isEqualTo(new RetryWithProvider.Gateway("https://gateway.example/Payment/Redirect?token=tok-2"));
        assertThat(again).isEqualTo(first);
        assertThat(moncash.opened).containsExactly(ProviderOrder.after(pending.id(), 1));
    }

    @Test
    void aDecidedPaymentIsShownAsItIsAndNothingIsOpened() {
        Payment paid = payments.add(
                merchant,
                "100.00",
                PaymentStatus.COMPLETED,
                InMemoryPaymentStore.now().plusMinutes(30),
                "moncash");

        RetryWithProvider.Outcome outcome = done(retry.retry(paid.id()));

        assertThat(outcome).isInstanceOf(RetryWithProvider.Decided.class);
        assertThat(moncash.opened).isEmpty();
    }

    private Payment live() {
        return payments.add(
                merchant,
                "100.00",
                PaymentStatus.PENDING,
                InMemoryPaymentStore.now().plusMinutes(30),
                "moncash");
    }
}
