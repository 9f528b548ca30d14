package io.walletpay.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.checkout.LookupGuard.Verdict;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class LookupGuardTest {

    @Test
    void anOrderOfAPendingPaymentWhoseTryWasOpenedIsLookedUpEvenPastItsExpiry() {
        assertThat(LookupGuard.forOrder(Optional.of(checkout(PaymentStatus.PENDING, false)), true))
                .isEqualTo(Verdict.LOOK_UP);
        assertThat(LookupGuard.forOrder(Optional.of(checkout(PaymentStatus.PENDING, true)), true))
                .isEqualTo(Verdict.LOOK_UP);
    }

    @Test
    void anOrderOfNoPaymentOrOfATryNeverOpenedIsNotOurs() {
        assertThat(LookupGuard.forOrder(Optional.empty(), true)).isEqualTo(Verdict.NOT_OURS);
        assertThat(LookupGuard.forOrder(Optional.of(checkout(PaymentStatus.PENDING, false)), false))
                .isEqualTo(Verdict.NOT_OURS);
    }

    @ParameterizedTest
    @EnumSource(
            value = PaymentStatus.class,
            names = {"PENDING"},
            mode = EnumSource.Mode.EXCLUDE)
    void anOrderOfADecidedPaymentIsAnsweredFromTheRecord(PaymentStatus status) {
        assertThat(LookupGuard.forOrder(Optional.of(checkout(status, false)), true))
                .isEqualTo(Verdict.FROM_RECORD);
        assertThat(LookupGuard.forOrder(Optional.of(checkout(status, false)), false))
                .isEqualTo(Verdict.FROM_RECORD);
    }

    @Test
    void aTransactionRecordedOnADecidedPaymentIsAnsweredFromItWhateverElseWaits() {
        for (PaymentStatus status : new PaymentStatus[] {PaymentStatus.COMPLETED, PaymentStatus.FAILED}) {
            assertThat(LookupGuard.forTransaction(Optional.of(checkout(status, false)), true))
                    .isEqualTo(Verdict.FROM_RECORD);
            assertThat(LookupGuard.forTransaction(Optional.of(checkout(status, false)), false))
                    .isEqualTo(Verdict.FROM_RECORD);
        }
    }

    @Test
    void aNewTransactionIsLookedUpOnlyWhileSomePaymentAwaitsTheProvider() {
        assertThat(LookupGuard.forTransaction(Optional.empty(), true)).isEqualTo(Verdict.LOOK_UP);
        assertThat(LookupGuard.forTransaction(Optional.empty(), false)).isEqualTo(Verdict.NOT_OURS);
    }

    @Test
    void aTransactionRecordedOnAPaymentStillPendingIsLookedUpAgainAsThePaymentCanStillChange() {
        assertThat(LookupGuard.forTransaction(Optional.of(checkout(PaymentStatus.PENDING, false)), false))
                .isEqualTo(Verdict.LOOK_UP);
    }

    private static Checkout checkout(PaymentStatus status, boolean pastExpiry) {
        UUID id = UUID.randomUUID();
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        Payment payment = new Payment(
                id,
                "WP-1",
                UUID.randomUUID(),
                "ref",
                new BigDecimal("100.00"),
                BigDecimal.ZERO.setScale(2),
                new BigDecimal("100.00"),
                status,
                null,
                null,
                null,
                "token",
                "https://gateway.example/Payment/Redirect?token=t",
                status == PaymentStatus.PENDING ? null : "tx-1",
                now,
                now,
                status == PaymentStatus.COMPLETED ? now : null,
                pastExpiry ? now.minusMinutes(1) : now.plusMinutes(30),
                null,
                null,
                false,
                null,
                null,
                0,
                BigDecimal.ZERO.setScale(2),
                "moncash",
                true);
        return new Checkout(payment, "Shop", null, pastExpiry, null, true);
    }
}
