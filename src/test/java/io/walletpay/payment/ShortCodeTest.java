package io.walletpay.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
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

    /** The same codes as the database's {@code payment_short_code}, which a behaviour test compares at large. */
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource({
        "0, WP-7W02S7DC",
        "1, WP-QRTFYRN7",
        "2, WP-66BN7Z6J",
        "1048575, WP-1CJKPAHY",
        "1048576, WP-2RZC1752",
        "123456789, WP-A34HT97R",
        "1099511627775, WP-8EBQPWHH"
    })
    void makesTheCodeOfASequenceNumber(long number, String code) {
        assertThat(ShortCode.of(number)).isEqualTo(code);
        assertThat(ShortCode.read(code)).hasValue(code);
        assertThat(ShortCode.number(code)).isEqualTo(number);
    }

    @Test
    void everyCodeGivesBackTheNumberItWasMadeOf() {
        var random = new SplittableRandom(7);
        for (int i = 0; i < 200_000; i++) {
            long number = i < 100_000 ? i : random.nextLong(1L << 40);
            assertThat(ShortCode.number(ShortCode.of(number))).isEqualTo(number);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "7K3M9Q2X", "wp-7k3m9q2x", "WP-7K3M9Q2", "WP-7K3M9Q2U", "XP-7K3M9Q2X", "WP_7K3M9Q2X"})
    void onlyACodeAsStoredHasANumber(String text) {
        assertThatThrownBy(() -> ShortCode.number(text)).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(longs = {-1, 1099511627776L, Long.MAX_VALUE})
    void aNumberOutside40BitsHasNoCode(long number) {
        assertThatThrownBy(() -> ShortCode.of(number)).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "WP-", "WP-7K3M9Q2", "WP-7K3M9Q2XY", "WP-7K3M9Q2U", "WP-7K3M9Q2!", "ORDER-1001"})
    void anythingElseIsNoCode(String typed) {
        assertThat(ShortCode.read(typed)).isEmpty();
    }
}
