package io.walletpay.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class PaymentTokenLifeTest {

    @Test
    void theLifeIsExpiredMinusCreatedAsMonCashWritesThem() {
        assertThat(PaymentTokenLife.between("2026-11-22 23:55:00:250", "2026-11-23 00:05:00:250"))
                .contains(Duration.ofMinutes(10));
        assertThat(PaymentTokenLife.between("2026-11-22 10:00:00:000", "2026-11-22 10:00:01:500"))
                .contains(Duration.ofMillis(1500));
    }

    @Test
    void unreadableMissingOrBackwardsTimesGiveNoLife() {
        assertThat(PaymentTokenLife.between(null, "2026-11-22 10:00:00:000")).isEmpty();
        assertThat(PaymentTokenLife.between("2026-11-22 10:00:00:000", null)).isEmpty();
        assertThat(PaymentTokenLife.between("2026-11-22T10:00:00Z", "2026-11-22T10:10:00Z"))
                .isEmpty();
        assertThat(PaymentTokenLife.between("2026-02-30 10:00:00:000", "2026-03-01 10:00:00:000"))
                .isEmpty();
        assertThat(PaymentTokenLife.between("2026-11-22 10:10:00:000", "2026-11-22 10:00:00:000"))
                .isEmpty();
        assertThat(PaymentTokenLife.between("2026-11-22 10:00:00:000", "2026-11-22 10:00:00:000"))
                .isEmpty();
    }

    @Test
    void aPaymentExpiresWithItsTokenOnlyWhenTheTokenDiesFirst() {
        Duration configured = Duration.ofMinutes(30);

        assertThat(new ProviderPayment("t", "u", Duration.ofMinutes(10)).expiresIn(configured))
                .isEqualTo(Duration.ofMinutes(10));
        assertThat(new ProviderPayment("t", "u", Duration.ofHours(2)).expiresIn(configured))
                .isEqualTo(configured);
        assertThat(new ProviderPayment("t", "u").expiresIn(configured)).isEqualTo(configured);
    }
}
