package io.walletpay.loadtest;

import static io.walletpay.loadtest.Phase.MEASURED;
import static io.walletpay.loadtest.Phase.WARM_UP;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RunClockTest {

    @Test
    void measuresFromTheWarmUpsEndUpToButNotIncludingTheRunsEnd() {
        RunClock clock = new RunClock(1_000, 5_000, 9_000);

        assertThat(clock.phaseOf(1_000)).isEqualTo(WARM_UP);
        assertThat(clock.phaseOf(4_999)).isEqualTo(WARM_UP);
        assertThat(clock.phaseOf(5_000)).isEqualTo(MEASURED);
        assertThat(clock.phaseOf(8_999)).isEqualTo(MEASURED);
        assertThat(clock.phaseOf(9_000)).isEqualTo(WARM_UP);
    }

    @Test
    void measuresTheSameWindowWhenNanoTimeWrapsAroundInsideIt() {
        // System.nanoTime() may be any long; only differences between its values mean something
        RunClock clock = new RunClock(Long.MAX_VALUE - 3_000, Long.MAX_VALUE - 1_000, Long.MAX_VALUE + 3_001);

        assertThat(clock.phaseOf(Long.MAX_VALUE - 1_001)).isEqualTo(WARM_UP);
        assertThat(clock.phaseOf(Long.MAX_VALUE - 1_000)).isEqualTo(MEASURED);
        assertThat(clock.phaseOf(Long.MAX_VALUE)).isEqualTo(MEASURED);
        assertThat(clock.phaseOf(Long.MIN_VALUE + 2_999)).isEqualTo(MEASURED);
        assertThat(clock.phaseOf(Long.MIN_VALUE + 3_000)).isEqualTo(WARM_UP);
    }
}
