package io.walletpay.usecase;

import static io.walletpay.usecase.Done.done;
import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Flagging a payment for a person: stored once with its reason, counted once, its status unchanged. */
class PaymentReviewsTest {

    private final InMemoryPaymentStore payments = new InMemoryPaymentStore();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final PaymentReviews reviews = new PaymentReviews(payments, registry);

    @Test
    void theFirstFlagIsStoredWithItsReasonAndCountedAndTheStatusStays() {
        Payment pending = payments.pending(UUID.randomUUID());

        assertThat(done(reviews.flag(pending.id(), "amount mismatch", "TX-1"))).isTrue();

        Payment stored = payments.payments.get(pending.id());
        assertThat(stored.needsReview()).isTrue();
        assertThat(stored.reviewReason()).isEqualTo("amount mismatch");
        assertThat(stored.providerTransactionId()).isEqualTo("TX-1");
        assertThat(stored.status()).isEqualTo(PaymentStatus.PENDING);
        assertThat(flagged()).isEqualTo(1.0);
    }

    @Test
    void aSecondFlagKeepsTheFirstReasonAndIsNotCountedAgain() {
        Payment pending = payments.pending(UUID.randomUUID());
        done(reviews.flag(pending.id(), "amount mismatch", "TX-1"));

        assertThat(done(reviews.flag(pending.id(), "paid twice", "TX-2"))).isFalse();

        assertThat(payments.payments.get(pending.id()).reviewReason()).isEqualTo("amount mismatch");
        assertThat(payments.payments.get(pending.id()).providerTransactionId()).isEqualTo("TX-1");
        assertThat(flagged()).isEqualTo(1.0);
    }

    private double flagged() {
        return registry.get("walletpay.payments.needs_review").counter().count();
    }
}
