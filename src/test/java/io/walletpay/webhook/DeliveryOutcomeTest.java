package io.walletpay.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.webhook.DeliveryOutcome.TransportFailure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class DeliveryOutcomeTest {

    @ParameterizedTest
    @ValueSource(ints = {200, 201, 202, 204, 299})
    void anyTwoHundredIsReceived(int status) {
        assertThat(DeliveryOutcome.of(status)).isEqualTo(DeliveryOutcome.SUCCEEDED);
    }

    @Test
    void goneStopsRetrying() {
        assertThat(DeliveryOutcome.of(410)).isEqualTo(DeliveryOutcome.STOP);
    }

    @ParameterizedTest
    @ValueSource(
            ints = {
                100, 199, 300, 301, 302, 303, 304, 307, 308, 400, 401, 403, 404, 408, 409, 429, 500, 502, 503, 504, 599
            })
    void everythingElseIsRetriedIncludingRedirectsSinceTheyAreNotFollowed(int status) {
        assertThat(DeliveryOutcome.of(status)).isEqualTo(DeliveryOutcome.RETRY);
    }

    @ParameterizedTest
    @EnumSource(TransportFailure.class)
    void transportFailuresAreRetried(TransportFailure failure) {
        assertThat(DeliveryOutcome.of(failure)).isEqualTo(DeliveryOutcome.RETRY);
    }
}
