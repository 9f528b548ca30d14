package io.walletpay.error;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ThrottleWaitTest {

    @Test
    void aWaitIsWholeSecondsRoundedUpAndAtLeastOne() {
        assertThat(ThrottleWait.seconds(Duration.ZERO)).isEqualTo(1);
        assertThat(ThrottleWait.seconds(Duration.ofMillis(-5))).isEqualTo(1);
        assertThat(ThrottleWait.seconds(Duration.ofNanos(1))).isEqualTo(1);
        assertThat(ThrottleWait.seconds(Duration.ofSeconds(1))).isEqualTo(1);
        assertThat(ThrottleWait.seconds(Duration.ofMillis(1001))).isEqualTo(2);
        assertThat(ThrottleWait.seconds(Duration.ofMillis(59_500))).isEqualTo(60);
        assertThat(ThrottleWait.seconds(Duration.ofMinutes(15))).isEqualTo(900);
    }
}
