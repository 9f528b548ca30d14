package io.walletpay.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.walletpay.error.ServiceException;
import io.walletpay.page.Language;
import io.walletpay.page.PageText;
import java.math.BigDecimal;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.BigRange;
import net.jqwik.api.constraints.Scale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TypedAmountTest {

    private static final BigDecimal MIN = new BigDecimal("1.00");
    private static final BigDecimal MAX = new BigDecimal("100000.00");

    /** Whatever the page's language, an amount written as the page writes amounts reads back as that amount. */
    @Property
    void anAmountAsThePagesWriteItReadsBack(
            @ForAll @BigRange(min = "1.00", max = "100000.00") @Scale(2) BigDecimal amount, @ForAll Language language) {
        String written =
                PageText.formatAmount(amount, language).replace("HTG", "").strip();

        assertThat(TypedAmount.read("amount", written, MIN, MAX)).isEqualByComparingTo(amount);
        assertThat(TypedAmount.read("amount", amount.toPlainString(), MIN, MAX)).isEqualByComparingTo(amount);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "1500|1500.00",
                "1 500,50|1500.50",
                "1\u00a0500,5|1500.50",
                "1\u202f500|1500.00",
                "1,500.50|1500.50",
                "1.500,50|1500.50",
                "1,500|1500.00",
                "1.500|1500.00",
                "1,5|1.50",
                "0100|100.00",
                "  75  |75.00"
            })
    void readsWhatPeopleType(String typed, String expected) {
        assertThat(TypedAmount.read("amount", typed, MIN, MAX)).isEqualByComparingTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "abc", "1.2345", "-5", "1e3", "1,500,50", "12,34,56", "+5", "1..5"})
    void refusesWhatIsNoAmount(String typed) {
        assertThatThrownBy(() -> TypedAmount.read("amount", typed, MIN, MAX))
                .isInstanceOfSatisfying(ServiceException.class, refused -> {
                    assertThat(refused.code()).isEqualTo(TypedAmount.INVALID);
                    assertThat(refused.field()).isEqualTo("amount");
                });
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "0.99|amount_too_small",
                "0|amount_too_small",
                "100000.01|amount_too_large",
                "999999999999999|amount_too_large",
                "1,500,000|amount_too_large"
            })
    void saysWhichBoundAnAmountMisses(String typed, String code) {
        assertThatThrownBy(() -> TypedAmount.read("amount", typed, MIN, MAX))
                .isInstanceOfSatisfying(ServiceException.class, refused -> assertThat(refused.code())
                        .isEqualTo(code));
    }
}
