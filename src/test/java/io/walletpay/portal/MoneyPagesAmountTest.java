package io.walletpay.portal;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The amount of a portal refund or payout is read as the merchant meant it, in each language's way of writing it. */
class MoneyPagesAmountTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "1000      | 1000.00",
                "1 000     | 1000.00",
                "1,000     | 1000.00",
                "1.000     | 1000.00",
                "2.500     | 2500.00",
                "1,000.50  | 1000.50",
                "1.000,50  | 1000.50",
                "1 000,50  | 1000.50",
                "250,50    | 250.50",
                "250.5     | 250.50",
                "0,01      | 0.01"
            })
    void aGroupedOrDecimalAmountIsTheAmountMeant(String typed, String meant) {
        assertThat(MoneyPages.amount(typed)).contains(new BigDecimal(meant));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", "1,000,50", "0", "0,00", "12,34,56", "-5", "1e3", "2000000000"})
    void anythingElseIsNoAmount(String typed) {
        assertThat(MoneyPages.amount(typed)).isEmpty();
    }
}
