package io.walletpay.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.walletpay.support.BehaviourTest;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The service's sleeps are its threads' voluntary context switches, read from /proc. */
@BehaviourTest
class CpuMeterTest {

    @Test
    void aWindowCountsEveryTimeTheServicesThreadsWentToSleep() throws Exception {
        assumeThat(System.getProperty("os.name").toLowerCase(Locale.ROOT)).startsWith("linux");
        // a process of its own, whose one thread lives through the window: it waits for each line, then for a
        // child it starts, and answers; each wait puts it to sleep at least once
        Process service = new ProcessBuilder("sh", "-c", "while read line; do sleep 0; echo done; done").start();
        try (Writer in = service.outputWriter(StandardCharsets.UTF_8);
                BufferedReader out =
                        new BufferedReader(new InputStreamReader(service.getInputStream(), StandardCharsets.UTF_8))) {
            CpuMeter meter = new CpuMeter(List.of(service.pid()));
            meter.start();
            for (int i = 0; i < 20; i++) {
                in.write("go\n");
                in.flush();
                assertThat(out.readLine()).isEqualTo("done");
            }
            meter.stop();
            assertThat(meter.spent()).hasValueSatisfying(spent -> assertThat(spent.serviceSleeps())
                    .isGreaterThanOrEqualTo(20));
        } finally {
            service.destroy();
            service.waitFor();
        }
    }

    @Test
    void aProcessThatIsNotThereHasNoSleepsToCount() {
        assertThat(CpuMeter.sleepsByThread(Long.MAX_VALUE)).isNull();
        CpuMeter meter = new CpuMeter(List.of(Long.MAX_VALUE));
        meter.start();
        meter.stop();
        assertThat(meter.spent())
                .hasValueSatisfying(spent -> assertThat(spent.serviceSleeps()).isEqualTo(-1));
    }
}
