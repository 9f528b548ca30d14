package io.walletpay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.vertx.core.internal.VertxInternal;
import io.walletpay.config.AppConfig;
import io.walletpay.support.BehaviourTest;
import java.util.Locale;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/** The service's Vert.x: one event loop per core, on Netty's native epoll transport where the jar carries it. */
@BehaviourTest
class ServiceVertxTest {

    @Test
    void runsOneEventLoopPerCore() {
        ServiceVertx service = ServiceVertx.create();
        try {
            long loops = StreamSupport.stream(
                            ((VertxInternal) service.vertx()).eventLoopGroup().spliterator(), false)
                    .count();
            assertThat(loops).isEqualTo(AppConfig.EVENT_LOOPS);
        } finally {
            service.vertx().close().await();
        }
    }

    @Test
    void runsOnTheNativeTransportOnTheLinuxPlatformsTheJarCarriesItFor() {
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch");
        assumeThat(os).startsWith("linux");
        assumeThat(arch).isIn("amd64", "x86_64", "aarch64");
        ServiceVertx service = ServiceVertx.create();
        try {
            assertThat(service.vertx().isNativeTransportEnabled())
                    .as("%s", service.vertx().unavailableNativeTransportCause())
                    .isTrue();
        } finally {
            service.vertx().close().await();
        }
    }
}
