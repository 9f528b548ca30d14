package io.walletpay.store;

import static io.walletpay.store.ContractCalls.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.checkout.ProviderOrder;
import io.walletpay.payment.NewPayment;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.payment.StoredResponse;
import io.walletpay.payment.TransitionPayment;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What every implementation of {@link ProviderOrderStore} must do, run against each: the in-memory store the use
 * cases' tests use, and PostgreSQL. A try opens once; a decline counts once, and only on its pending payment's
 * current try.
 */
public abstract class ProviderOrderStoreContract {

    /** The store under test. */
    protected abstract ProviderOrderStore orders();

    /** The payment store over the same payments. */
    protected abstract PaymentStore payments();

    /** A new, active merchant the stores know. */
    protected abstract UUID newMerchant() throws Exception;

    @Test
    void aTryOpenedTwiceKeepsTheFirstAddressAndAnotherTryIsNotOpened() throws Exception {
        ProviderOrder order = ProviderOrder.first(pending().id());

        assertThat(await(orders().open(order, "https://gateway.example/a"))).isEqualTo("https://gateway.example/a");
        assertThat(await(orders().open(order, "https://gateway.example/b"))).isEqualTo("https://gateway.example/a");

        assertThat(await(orders().opened(order))).contains("https://gateway.example/a");
        assertThat(await(orders().opened(ProviderOrder.after(order.paymentId(), 1))))
                .isEmpty();
    }

    @Test
    void aDeclineOfTheCurrentTryCountsOnceOnItsPendingPayment() throws Exception {
        NewPayment payment = pending();
        ProviderOrder first = ProviderOrder.first(payment.id());

        assertThat(await(orders().declined(first, "TX-1", "insufficient funds")))
                .isTrue();
        assertThat(await(orders().declined(first, "TX-1", "insufficient funds")))
                .isFalse();

        assertThat(declines(payment)).isEqualTo(1);
        assertThat(await(orders().declined(ProviderOrder.after(payment.id(), 1), "TX-2", "again")))
                .isTrue();
        assertThat(declines(payment)).isEqualTo(2);
    }

    @Test
    void aDeclineOfATryThatIsNotTheCurrentOneOrOfADecidedPaymentIsNotCounted() throws Exception {
        NewPayment payment = pending();
        NewPayment cancelled = pending();
        await(payments()
                .transition(
                        new TransitionPayment(cancelled.id(), cancelled.merchantId(), PaymentStatus.CANCELLED, null)));

        assertThat(await(orders().declined(ProviderOrder.after(payment.id(), 1), "TX-3", "late")))
                .isFalse();
        assertThat(await(orders().declined(ProviderOrder.first(cancelled.id()), "TX-4", "late")))
                .isFalse();

        assertThat(declines(payment)).isZero();
        assertThat(declines(cancelled)).isZero();
    }

    @Test
    void aTryReportedPaidIsNotDeclinedAfterwards() throws Exception {
        NewPayment payment = pending();
        ProviderOrder first = ProviderOrder.first(payment.id());

        await(orders().paid(first, "TX-5"));

        assertThat(await(orders().declined(first, "TX-5", "a late report"))).isFalse();
        assertThat(declines(payment)).isZero();
    }

    private NewPayment pending() throws Exception {
        NewPayment payment = PaymentStoreContract.payment(newMerchant(), "100.00", Duration.ofMinutes(30), "moncash");
        await(payments().create(payment, null, null, new StoredResponse(201, "{}")));
        return payment;
    }

    private int declines(NewPayment payment) throws Exception {
        return await(payments().get(payment.merchantId(), payment.id())).declines();
    }
}
