package io.walletpay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.walletpay.support.BehaviourTest;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The service's Vert.x: one event loop per two cores, on Netty's native epoll transport where the jar carries it. */
@BehaviourTest
class ServiceVertxTest {

    @Test
    void runsOneEventLoopPerTwoCoresUnlessToldOtherwise() {
        ServiceVertx byDefault = ServiceVertx.create();
        ServiceVertx three = ServiceVertx.create(3);
        try {
            // counted from the running Vert.x's event-loop group, as the start-up log reports them
            assertThat(byDefault.eventLoops())
                    .isEqualTo(Math.max(1, Runtime.getRuntime().availableProcessors() / 2));
            assertThat(three.eventLoops()).isEqualTo(3);
        } finally {
            byDefault.vertx().close().await();
            three.vertx().close().await();
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
