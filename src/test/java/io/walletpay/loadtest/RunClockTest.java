package io.walletpay.loadtest;

import static io.walletpay.loadtest.Phase.MEASURED;
import static io.walletpay.loadtest.Phase.WARM_UP;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RunClockTest {

    @Test
    void measuresFromTheWarmUpsEndUpToButNotIncludingTheRunsEnd() {
        RunClock clock = new RunClock(1_000, 5_000, 9_000);

        assertThat(clock.phaseOf(0)).isEqualTo(WARM_UP);
        assertThat(clock.phaseOf(1_000)).isEqualTo(WARM_UP);
        assertThat(clock.phaseOf(4_999)).isEqualTo(WARM_UP);
        assertThat(clock.phaseOf(5_000)).isEqualTo(MEASURED);
        assertThat(clock.phaseOf(8_999)).isEqualTo(MEASURED);
        assertThat(clock.phaseOf(9_000)).isEqualTo(WARM_UP);
        assertThat(clock.phaseOf(20_000)).isEqualTo(WARM_UP);
        assertThat(clock.phaseOf(-20_000)).isEqualTo(WARM_UP);
    }
}
