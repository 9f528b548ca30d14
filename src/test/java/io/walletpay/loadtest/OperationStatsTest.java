package io.walletpay.loadtest;

import static io.walletpay.loadtest.Phase.MEASURED;
import static io.walletpay.loadtest.Phase.WARM_UP;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class OperationStatsTest {

    @Test
    void reportsOnlyTheMeasuredPhaseWhileCountingBothInTheRunningTotals() {
        OperationStats stats = new OperationStats();

        stats.succeeded(WARM_UP, 90_000_000);
        stats.failed(WARM_UP, OperationStats.TIMEOUT);
        stats.succeeded(MEASURED, 2_000_000);
        stats.failed(MEASURED, OperationStats.httpStatus(503));

        Summary.OperationResult result = stats.result(1);
        assertThat(result.requests()).isEqualTo(2);
        assertThat(result.ok()).isEqualTo(1);
        assertThat(result.errors()).containsExactly(Map.entry("http_503", 1L));
        assertThat(result.latency().max()).isLessThan(3);
        assertThat(stats.okSoFar()).isEqualTo(2);
        assertThat(stats.errorsSoFar()).isEqualTo(2);
    }
}
