package io.walletpay;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

class NetworkTransportTest {

    @Test
    @EnabledOnOs(OS.LINUX)
    @EnabledIfSystemProperty(named = "os.arch", matches = "amd64|x86_64|aarch64")
    void serviceVertxRunsOnNettysEpollOnLinux() {
        ServiceVertx service = ServiceVertx.create();
        try {
            // the cause, when epoll did not load, is in the answer
            assertThat(Main.transport(service.vertx())).isEqualTo("epoll");
        } finally {
            service.vertx().close().await();
        }
    }
}
