package io.walletpay.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RetryScheduleTest {

    private static final RetrySchedule DEFAULTS = RetrySchedule.defaults();

    @Test
    void defaultsToElevenAttemptsOverAboutThreeDays() {
        assertThat(DEFAULTS.maxAttempts()).isEqualTo(11);
        assertThat(DEFAULTS.delays())
                .containsExactly(
                        Duration.ZERO,
                        Duration.ofSeconds(5),
                        Duration.ofMinutes(5),
                        Duration.ofMinutes(30),
                        Duration.ofHours(2),
                        Duration.ofHours(5),
                        Duration.ofHours(10),
                        Duration.ofHours(10),
                        Duration.ofHours(14),
                        Duration.ofHours(20),
                        Duration.ofHours(24));
        assertThat(DEFAULTS.delays().stream().reduce(Duration.ZERO, Duration::plus))
                .isEqualTo(Duration.ofHours(85).plusMinutes(35).plusSeconds(5));
    }

    @Test
    void parsesEveryUnitAndToleratesSpacesAroundCommas() {
        assertThat(RetrySchedule.parse("250ms, 2s ,3m,1h").delays())
                .containsExactly(
                        Duration.ofMillis(250), Duration.ofSeconds(2), Duration.ofMinutes(3), Duration.ofHours(1));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "0s,5x,5m       | '5x'",
                "0s,,5m         | element 2 ''",
                "-5s            | '-5s'",
                "5              | '5'",
                "1.5s           | '1.5s'",
                "5 s            | '5 s'",
                "5S             | '5S'",
                "0s,5d          | '5d'",
                "999999999999999999h | too large",
            })
    void rejectsABadElementByName(String spec, String named) {
        assertThatThrownBy(() -> RetrySchedule.parse(spec))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(named);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "  "})
    void rejectsAnEmptySchedule(String spec) {
        assertThatThrownBy(() -> RetrySchedule.parse(spec)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RetrySchedule(List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void rejectsNegativeDelays() {
        assertThatThrownBy(() -> new RetrySchedule(List.of(Duration.ofSeconds(-1))))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void firstAttemptIsImmediateWhateverTheJitter() {
        assertThat(DEFAULTS.delayBeforeAttempt(1, null, () -> 0.0)).contains(Duration.ZERO);
        assertThat(DEFAULTS.delayBeforeAttempt(1, null, () -> 0.999)).contains(Duration.ZERO);
    }

    @ParameterizedTest
    @CsvSource({"0.0, 4000", "0.25, 4500", "0.5, 5000", "0.75, 5500", "0.999999, 6000"})
    void jittersTheScheduledDelayByTwentyPercentEitherWay(double random, long expectedMillis) {
        assertThat(DEFAULTS.delayBeforeAttempt(2, null, () -> random)).contains(Duration.ofMillis(expectedMillis));
    }

    @Test
    void runsOutAfterTheLastAttempt() {
        assertThat(DEFAULTS.delayBeforeAttempt(11, null, () -> 0.5)).contains(Duration.ofHours(24));
        assertThat(DEFAULTS.delayBeforeAttempt(12, null, () -> 0.5)).isEmpty();
        assertThat(DEFAULTS.delayBeforeAttempt(100, null, () -> 0.5)).isEmpty();
    }

    @Test
    void numbersAttemptsFromOne() {
        assertThatThrownBy(() -> DEFAULTS.delayBeforeAttempt(0, null, () -> 0.5))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(doubles = {-0.1, 1.0, 1.5, Double.NaN})
    void refusesARandomOutsideTheUnitInterval(double random) {
        assertThatThrownBy(() -> DEFAULTS.delayBeforeAttempt(2, null, () -> random))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void honoursALongerRetryAfter() {
        assertThat(DEFAULTS.delayBeforeAttempt(2, Duration.ofSeconds(60), () -> 0.5))
                .contains(Duration.ofSeconds(60));
    }

    @Test
    void aShorterRetryAfterCannotSpeedUpTheSchedule() {
        assertThat(DEFAULTS.delayBeforeAttempt(3, Duration.ofSeconds(1), () -> 0.5))
                .contains(Duration.ofMinutes(5));
        assertThat(DEFAULTS.delayBeforeAttempt(3, Duration.ZERO, () -> 0.0)).contains(Duration.ofMinutes(4));
    }

    @Test
    void capsRetryAfterAtTwentyFourHours() {
        assertThat(DEFAULTS.delayBeforeAttempt(2, Duration.ofDays(30), () -> 0.5))
                .contains(Duration.ofHours(24));
        assertThat(DEFAULTS.delayBeforeAttempt(2, Duration.ofSeconds(Long.MAX_VALUE), () -> 0.5))
                .contains(Duration.ofHours(24));
    }

    @Test
    void theCapDoesNotShortenAScheduledDelayLongerThanIt() {
        assertThat(DEFAULTS.delayBeforeAttempt(11, Duration.ofDays(2), () -> 0.75))
                .contains(Duration.ofHours(26).plusMinutes(24));
    }

    @Property
    void everyDelayStaysWithinTwentyPercentOfTheSchedule(
            @ForAll @IntRange(min = 1, max = 11) int attempt,
            @ForAll @DoubleRange(min = 0.0, max = 1.0, maxIncluded = false) double random) {
        long scheduled = DEFAULTS.delays().get(attempt - 1).toMillis();
        long actual = DEFAULTS.delayBeforeAttempt(attempt, null, () -> random)
                .orElseThrow()
                .toMillis();

        assertThat(actual).isBetween(Math.round(scheduled * 0.8), Math.round(scheduled * 1.2));
    }
}
