package io.walletpay.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class RetryAfterTest {

    private static final Instant NOW = Instant.parse("2026-11-21T07:30:00Z");

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "0        | 0",
                "120      | 120",
                "'  30 '  | 30",
                "86400000 | 86400000",
            })
    void readsDeltaSeconds(String header, long seconds) {
        assertThat(RetryAfter.parse(header, NOW)).contains(Duration.ofSeconds(seconds));
    }

    @Test
    void readsDeltaSecondsTooLongForALongAsAVeryLongWait() {
        assertThat(RetryAfter.parse("99999999999999999999999", NOW)).contains(Duration.ofSeconds(Long.MAX_VALUE));
    }

    @Test
    void readsAnHttpDateAsTheTimeUntilThen() {
        assertThat(RetryAfter.parse("Sat, 21 Nov 2026 07:32:30 GMT", NOW)).contains(Duration.ofSeconds(150));
    }

    @Test
    void readsAnHttpDateAlreadyPastAsNoWait() {
        assertThat(RetryAfter.parse("Fri, 20 Nov 2026 07:30:00 GMT", NOW)).contains(Duration.ZERO);
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(
            strings = {
                "-5",
                "+5",
                "1.5",
                "5s",
                "soon",
                "0x10",
                "١٢",
                "2026-11-21T07:32:30Z",
                "Sat, 21 Nov 2026 07:32:30",
                "Sunday, 06-Nov-94 08:49:37 GMT",
                "Sat, 32 Nov 2026 07:32:30 GMT"
            })
    void ignoresAnythingElse(String header) {
        assertThat(RetryAfter.parse(header, NOW)).isEmpty();
    }
}
