package io.walletpay.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FeeRuleTest {

    private static BigDecimal d(String value) {
        return new BigDecimal(value);
    }

    private static Charge charge(String percent, String fixed, String amount) {
        return new FeeRule(d(percent), d(fixed)).chargeFor(d(amount));
    }

    @ParameterizedTest(name = "{0} % + {1} of {2} -> fees {3}, net {4}")
    @CsvSource({
        "2.5,  0,     2500,      62.50,  2437.50",
        "2.5,  0,     0.10,      0.00,   0.10", // 0.0025 rounds down
        "1,    0,     0.50,      0.01,   0.49", // 0.005 is exactly half: rounds up
        "1,    0,     0.49,      0.00,   0.49", // 0.0049 rounds down
        "3,    0,     0.50,      0.02,   0.48", // 0.015 rounds up
        "1.5,  5.00,  1000.00,   20.00,  980.00",
        "0,    0,     1.00,      0.00,   1.00",
        "0,    10.00, 100000.00, 10.00,  99990.00",
        "2.99, 0.01,  33.33,     1.01,   32.32", // 0.996567 + 0.01 = 1.006567
        "100,  0,     12.34,     12.34,  0.00"
    })
    void feesArePercentPlusFixedRoundedHalfUpToTheCentime(
            String percent, String fixed, String amount, String fees, String net) {
        Charge charge = charge(percent, fixed, amount);

        assertThat(charge.amount()).isEqualTo(d(amount).setScale(2));
        assertThat(charge.fees()).isEqualTo(d(fees));
        assertThat(charge.netAmount()).isEqualTo(d(net));
    }

    @Test
    void feesAreCappedAtTheAmountSoTheNetIsNeverNegative() {
        Charge charge = charge("2.5", "50.00", "20.00");

        assertThat(charge.fees()).isEqualTo(d("20.00"));
        assertThat(charge.netAmount()).isEqualTo(d("0.00"));
    }

    @Test
    void everyFigureHasScaleTwoEvenForWholeAmounts() {
        Charge charge = charge("2", "0", "100");

        assertThat(charge.amount()).hasToString("100.00");
        assertThat(charge.fees()).hasToString("2.00");
        assertThat(charge.netAmount()).hasToString("98.00");
    }

    @Test
    void refusesAmountsRequestValidationWouldHaveRefused() {
        FeeRule rule = new FeeRule(d("2.5"), d("0"));

        assertThatThrownBy(() -> rule.chargeFor(d("0"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> rule.chargeFor(d("-1.00"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> rule.chargeFor(d("1.234"))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void refusesRulesThatCouldChargeNegativeOrMoreThanEverything() {
        assertThatThrownBy(() -> new FeeRule(d("-0.01"), d("0"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FeeRule(d("100.01"), d("0"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FeeRule(d("1"), d("-1"))).isInstanceOf(IllegalArgumentException.class);
    }
}
