package io.walletpay.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.walletpay.error.ServiceException;
import java.math.BigDecimal;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The bounds a caller gives, as fees use them (zero allowed); amounts are covered by CreatePaymentRequestTest. */
class DecimalTextTest {

    static final BigDecimal ZERO = BigDecimal.ZERO;
    static final BigDecimal HUNDRED = new BigDecimal("100");

    @ParameterizedTest
    @CsvSource({"0, 0.00", "-0, 0.00", "0.0e5, 0.00", "2.5, 2.50", "1.230, 1.23", "1e2, 100.00", "100.00, 100.00"})
    void aValueWithinBoundsThatIncludeZeroIsReadExactlyAtScaleTwo(String text, String expected) {
        assertThat(DecimalText.read("fee_percent", text, ZERO, HUNDRED)).hasToString(expected);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "-1|fee_percent must be at least 0",
                "-1e999999999999|fee_percent must be at least 0",
                "100.01|fee_percent must be at most 100",
                "1e3|fee_percent must be at most 100",
                "1E+99999999999999|fee_percent must be at most 100",
                "0.001|fee_percent must have at most two decimal places",
                "2.50.1|fee_percent must be a number"
            })
    void aValueOutsideTheCallersBoundsIsA400NamingTheField(String text, String message) {
        assertThatThrownBy(() -> DecimalText.read("fee_percent", text, ZERO, HUNDRED))
                .isInstanceOf(ServiceException.class)
                .hasMessage(message);
    }
}
