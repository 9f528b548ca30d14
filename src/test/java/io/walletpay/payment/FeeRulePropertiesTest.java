package io.walletpay.payment;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class FeeRulePropertiesTest {

    @Property(tries = 2000)
    void feesAndNetAddUpToTheAmountAndFeesNeverExceedIt(
            @ForAll("amounts") BigDecimal amount,
            @ForAll("percents") BigDecimal percent,
            @ForAll("fixedFees") BigDecimal fixed) {
        Charge charge = new FeeRule(percent, fixed).chargeFor(amount);

        assertThat(charge.fees().add(charge.netAmount())).isEqualTo(charge.amount());
        assertThat(charge.amount()).isEqualTo(amount);
        assertThat(charge.fees()).isBetween(BigDecimal.ZERO, amount);
        assertThat(charge.netAmount().signum()).isGreaterThanOrEqualTo(0);
        assertThat(charge.fees().scale()).isEqualTo(2);
        assertThat(charge.netAmount().scale()).isEqualTo(2);
    }

    @Property(tries = 2000)
    void feesAreThePercentPlusFixedRoundedToTheNearestCentime(
            @ForAll("amounts") BigDecimal amount, @ForAll("percents") BigDecimal percent) {
        Charge charge = new FeeRule(percent, BigDecimal.ZERO).chargeFor(amount);

        BigDecimal exact = amount.multiply(percent).divide(new BigDecimal(100));
        assertThat(charge.fees().subtract(exact).abs()).isLessThanOrEqualTo(new BigDecimal("0.005"));
    }

    @Provide
    Arbitrary<BigDecimal> amounts() {
        return Arbitraries.bigDecimals()
                .between(new BigDecimal("0.01"), new BigDecimal("100000.00"))
                .ofScale(2);
    }

    @Provide
    Arbitrary<BigDecimal> percents() {
        return Arbitraries.bigDecimals()
                .between(BigDecimal.ZERO, new BigDecimal("100"))
                .ofScale(2);
    }

    @Provide
    Arbitrary<BigDecimal> fixedFees() {
        return Arbitraries.bigDecimals()
                .between(BigDecimal.ZERO, new BigDecimal("1000"))
                .ofScale(2);
    }
}
