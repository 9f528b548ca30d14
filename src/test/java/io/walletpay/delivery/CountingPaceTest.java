package io.walletpay.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Counting rows by status takes at most a fiftieth of the time, and happens every 5 s while it is quick. */
class CountingPaceTest {

    @Test
    void aQuickCountIsRepeatedEveryFiveSeconds() {
        assertThat(CountingPace.after(Duration.ofMillis(3))).isEqualTo(Duration.ofSeconds(5));
        assertThat(CountingPace.after(Duration.ofMillis(100))).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void aSlowCountWaitsFiftyTimesAsLongSoCountingNeverTakesMoreThanTwoPercent() {
        assertThat(CountingPace.after(Duration.ofMillis(500))).isEqualTo(Duration.ofSeconds(25));
        assertThat(CountingPace.after(Duration.ofSeconds(4))).isEqualTo(Duration.ofSeconds(200));
    }
}
