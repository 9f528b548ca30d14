package io.walletpay.usecase;

import static io.walletpay.usecase.Done.done;
import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Future;
import io.walletpay.checkout.ProviderOrder;
import io.walletpay.checkout.SandboxWalletProvider;
import io.walletpay.checkout.WalletProviders;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.store.PaymentExpiryStore;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The expiry sweep: every due payment expired, a live one the customer paid completed instead. */
class ExpirePaymentsTest {

    private final InMemoryPaymentStore payments = new InMemoryPaymentStore();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final UUID merchant = UUID.randomUUID();

    @Test
    void aSweepExpiresEveryDuePaymentInBatchesAndLeavesTheOthers() {
        OffsetDateTime past = InMemoryPaymentStore.now().minusMinutes(1);
        for (int i = 0; i < 2 * PaymentExpiryStore.EXPIRY_BATCH + 3; i++) {
            payments.add(merchant, "10.00", PaymentStatus.PENDING, past);
        }
        Payment current = payments.pending(merchant);
        payments.expiredKeys = PaymentExpiryStore.EXPIRY_BATCH + 1;

        done(sweep(WalletProviders.only(new SandboxWalletProvider("http://localhost:8080"))));

        assertThat(payments.payments.values())
                .filteredOn(p -> p.status() == PaymentStatus.EXPIRED)
                .hasSize(2 * PaymentExpiryStore.EXPIRY_BATCH + 3)
                .allSatisfy(p -> assertThat(p.fees()).isEqualByComparingTo("0"));
        assertThat(payments.payments.get(current.id()).status()).isEqualTo(PaymentStatus.PENDING);
        assertThat(payments.expiredKeys).isZero();
    }

    @Test
    void aDueLivePaymentTheCustomerPaidAtTheGatewayCompletesInsteadOfExpiring() {
        Payment paid = payments.add(
                merchant,
                "100.00",
                PaymentStatus.PENDING,
                InMemoryPaymentStore.now().minusMinutes(1),
                WalletProviders.MONCASH);
        ScriptedWalletProvider moncash = ScriptedWalletProvider.paying("TX-7", paid.amount());

        done(sweep(moncash.registry()));

        Payment stored = payments.payments.get(paid.id());
        assertThat(stored.status()).isEqualTo(PaymentStatus.COMPLETED);
        assertThat(stored.providerTransactionId()).isEqualTo("TX-7");
        assertThat(moncash.retrieved).containsExactly(ProviderOrder.first(paid.id()));
    }

    private Future<?> sweep(WalletProviders providers) {
        return new ExpirePayments(payments, payments, providers, new PaymentReviews(payments, registry)).sweep();
    }
}
