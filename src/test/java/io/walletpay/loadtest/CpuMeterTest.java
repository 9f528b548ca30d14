package io.walletpay.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The service's sleeps are its threads' voluntary context switches, read from /proc. */
class CpuMeterTest {

    @Test
    void aWindowCountsTheServicesSleepsBetweenStartAndStop() throws Exception {
        assumeThat(System.getProperty("os.name").toLowerCase(Locale.ROOT)).startsWith("linux");
        CpuMeter meter = new CpuMeter(List.of(ProcessHandle.current().pid()));
        meter.start();
        for (int i = 0; i < 20; i++) {
            Thread.sleep(1); // this thread lives on, so its sleeps stay counted
        }
        meter.stop();
        assertThat(meter.spent())
                .hasValueSatisfying(spent -> assertThat(spent.serviceSleeps()).isGreaterThanOrEqualTo(20));
    }

    @Test
    void aProcessThatIsNotThereHasNoSleepsToCount() {
        assertThat(CpuMeter.sleeps(Long.MAX_VALUE)).isEqualTo(-1);
    }
}
