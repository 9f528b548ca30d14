package io.walletpay.usecase;

import static io.walletpay.usecase.Done.done;
import static io.walletpay.usecase.Done.failure;
import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Future;
import io.walletpay.checkout.LookupsInFlight;
import io.walletpay.checkout.ProviderOrder;
import io.walletpay.checkout.ProviderTransaction;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What the customer's return and the provider's notification learn: MonCash is asked only about a payment of ours
 * still waiting for it, within the look-ups allowed, and what it answers is applied to the payment.
 */
class ProviderLookupsTest {

    private final InMemoryPaymentStore payments = new InMemoryPaymentStore();
    private final InMemoryProviderOrderStore orders = new InMemoryProviderOrderStore(payments);
    private final List<String> asked = new ArrayList<>();
    private int allowancesTaken;
    private final ScriptedWalletProvider moncash = new ScriptedWalletProvider() {
        @Override
        public Future<ProviderTransaction> retrieveByOrder(ProviderOrder order) {
            asked.add("order " + order.id());
            Payment payment = payments.payments.get(order.paymentId());
            return Future.succeededFuture(
                    new ProviderTransaction("TX-5", order, payment.amount(), "50937001234", true));
        }

        @Override
        public Future<ProviderTransaction> retrieveByTransaction(String transactionId) {
            asked.add("transaction " + transactionId);
            return Future.failedFuture(ServiceException.notFound("Wallet transaction"));
        }
    };
    private final ProviderLookups lookups = new ProviderLookups(
            payments,
            orders,
            moncash.registry(),
            new ConfirmWithProvider(
                    payments,
                    orders,
                    new PayAtCheckout(payments, payments),
                    new PaymentReviews(payments, new SimpleMeterRegistry())),
            new LookupsInFlight(),
            Duration.ofMinutes(30));

    @Test
    void aNotificationOfAPendingPaymentsOrderAsksTheProviderAndCompletesThePayment() {
        Payment pending = payments.pending(UUID.randomUUID());
        ProviderOrder order = ProviderOrder.first(pending.id());

        ProviderLookups.Answer answer = done(lookups.byOrder(order, this::allow));

        assertThat(asked).containsExactly("order " + order.id());
        assertThat(allowancesTaken).isEqualTo(1);
        assertThat(answer.transaction().transactionId()).isEqualTo("TX-5");
        assertThat(answer.checkout().payment().status()).isEqualTo(PaymentStatus.COMPLETED);
        assertThat(payments.payments.get(pending.id()).providerTransactionId()).isEqualTo("TX-5");
    }

    @Test
    void aDecidedPaymentsOrderIsAnsweredFromTheRecordWithoutAskingTheProvider() {
        Payment paid = payments.add(
                UUID.randomUUID(),
                "100.00",
                PaymentStatus.COMPLETED,
                InMemoryPaymentStore.now().plusMinutes(30));

        ProviderLookups.Answer answer = done(lookups.byOrder(ProviderOrder.first(paid.id()), this::allow));

        assertThat(answer.transaction()).isNull();
        assertThat(answer.checkout().payment().id()).isEqualTo(paid.id());
        assertThat(asked).isEmpty();
        assertThat(allowancesTaken).isZero();
    }

    @Test
    void anOrderOfNoPaymentOfOursIsNotFoundWithoutAskingAnybody() {
        Throwable answer = failure(lookups.byOrder(ProviderOrder.first(UUID.randomUUID()), this::allow));

        assertThat(((ServiceException) answer).kind()).isEqualTo(ErrorKind.NOT_FOUND);
        assertThat(asked).isEmpty();
        assertThat(allowancesTaken).isZero();
    }

    @Test
    void aTransactionWhileNoPaymentWaitsIsNotFoundWithoutAskingTheProvider() {
        Throwable answer = failure(lookups.byTransaction("TX-UNKNOWN", this::allow));

        assertThat(((ServiceException) answer).kind()).isEqualTo(ErrorKind.NOT_FOUND);
        assertThat(asked).isEmpty();
    }

    @Test
    void aTransactionWhileAPaymentWaitsIsLookedUp() {
        payments.pending(UUID.randomUUID());

        failure(lookups.byTransaction("TX-6", this::allow));

        assertThat(asked).containsExactly("transaction TX-6");
        assertThat(allowancesTaken).isEqualTo(1);
    }

    @Test
    void noLookUpLeftRefusesWithoutAskingTheProviderAndChangesNothing() {
        Payment pending = payments.pending(UUID.randomUUID());

        Throwable refused = failure(lookups.byOrder(
                ProviderOrder.first(pending.id()),
                () -> Future.failedFuture(new ServiceException(ErrorKind.RATE_LIMITED, "rate_limited", "later"))));

        assertThat(((ServiceException) refused).code()).isEqualTo("rate_limited");
        assertThat(asked).isEmpty();
        assertThat(payments.payments.get(pending.id()).status()).isEqualTo(PaymentStatus.PENDING);
    }

    private Future<Void> allow() {
        allowancesTaken++;
        return Future.succeededFuture();
    }
}
