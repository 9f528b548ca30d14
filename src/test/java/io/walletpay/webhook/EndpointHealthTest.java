package io.walletpay.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.OffsetDateTime;
import org.junit.jupiter.api.Test;

class EndpointHealthTest {

    static final OffsetDateTime NOW = OffsetDateTime.parse("2026-11-24T14:05:00Z");
    static final Duration FAILING_AFTER = Duration.ofHours(72);

    @Test
    void anEndpointWithoutARunOfFailuresIsHealthy() {
        EndpointHealth health = EndpointHealth.of(null, NOW, FAILING_AFTER);
        assertThat(health.wireName()).isEqualTo("healthy");
        assertThat(health.failingSince()).isNull();
        assertThat(health.failing()).isFalse();
    }

    @Test
    void fromItsFirstFailureAnEndpointIsRetryingNotHealthy() {
        OffsetDateTime since = NOW.minusSeconds(1);
        EndpointHealth health = EndpointHealth.of(since, NOW, FAILING_AFTER);
        assertThat(health.wireName()).isEqualTo("retrying");
        assertThat(health.failingSince()).isEqualTo(since);
        assertThat(health.failing()).isFalse();
        assertThat(EndpointHealth.of(NOW.minus(FAILING_AFTER).plusSeconds(1), NOW, FAILING_AFTER)
                        .wireName())
                .isEqualTo("retrying");
    }

    @Test
    void aRunThatHasLastedTheFailingTimeIsFailing() {
        assertThat(EndpointHealth.of(NOW.minus(FAILING_AFTER), NOW, FAILING_AFTER)
                        .wireName())
                .isEqualTo("failing");
        EndpointHealth long_ = EndpointHealth.of(NOW.minusHours(100), NOW, FAILING_AFTER);
        assertThat(long_.failing()).isTrue();
        assertThat(long_.failingSince()).isEqualTo(NOW.minusHours(100));
    }

    @Test
    void healthyAndARecordedRunOfFailuresNeverGoTogether() {
        assertThatThrownBy(() -> new EndpointHealth(EndpointHealth.Status.HEALTHY, NOW))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new EndpointHealth(EndpointHealth.Status.RETRYING, null))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
