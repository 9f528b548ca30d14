package io.walletpay.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class AmountLimitsTest {

    @Test
    void defaultsAreOneToOneHundredThousandGourdes() {
        AmountLimits defaults = AmountLimits.defaults();

        assertThat(defaults.min()).hasToString("1.00");
        assertThat(defaults.max()).hasToString("100000.00");
    }

    @Test
    void limitsAreHeldAtScaleTwo() {
        AmountLimits limits = new AmountLimits(new BigDecimal("5"), new BigDecimal("7.5"));

        assertThat(limits.min()).hasToString("5.00");
        assertThat(limits.max()).hasToString("7.50");
    }

    @Test
    void refusesLimitsThatCouldAdmitNothingOrAnUnstorableAmount() {
        assertThatThrownBy(() -> new AmountLimits(BigDecimal.ZERO, BigDecimal.TEN))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new AmountLimits(BigDecimal.TEN, BigDecimal.ONE))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new AmountLimits(BigDecimal.ONE, new BigDecimal("1000000000000")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new AmountLimits(new BigDecimal("0.001"), BigDecimal.ONE))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theLargestStorableAmountIsAccepted() {
        AmountLimits widest = new AmountLimits(new BigDecimal("0.01"), AmountLimits.CEILING);
        byte[] body = "{\"amount\":999999999999.99}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] over = "{\"amount\":1e12}".getBytes(java.nio.charset.StandardCharsets.UTF_8);

        assertThat(CreatePaymentRequest.parse(body, widest).amount()).isEqualTo(AmountLimits.CEILING);
        assertThatThrownBy(() -> CreatePaymentRequest.parse(over, widest))
                .hasMessage("amount must be at most 999999999999.99");
    }
}
