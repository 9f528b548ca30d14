package io.walletpay.payment;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ShortCodeTest {

    @ParameterizedTest(name = "''{0}'' is {1}")
    @CsvSource({
        "WP-7K3M9Q2X, WP-7K3M9Q2X",
        "wp-7k3m9q2x, WP-7K3M9Q2X",
        "'wp 7k3m 9q2x', WP-7K3M9Q2X",
        "7K3M9Q2X, WP-7K3M9Q2X",
        "'  7K3M-9Q2X ', WP-7K3M9Q2X",
        "WP-IL0O0000, WP-11000000", // the letters people confuse with digits
        "wpwp1234, WP-WPWP1234" // eight characters are a code, whatever they spell
    })
    void readsACodeAsPeopleTypeWhatTheyHeard(String typed, String code) {
        assertThat(ShortCode.read(typed)).hasValue(code);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "WP-", "WP-7K3M9Q2", "WP-7K3M9Q2XY", "WP-7K3M9Q2U", "WP-7K3M9Q2!", "ORDER-1001"})
    void anythingElseIsNoCode(String typed) {
        assertThat(ShortCode.read(typed)).isEmpty();
    }
}
