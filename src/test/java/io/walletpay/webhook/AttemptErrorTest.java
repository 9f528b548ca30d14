package io.walletpay.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.webhook.DeliveryOutcome.TransportFailure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The attempt error kinds keep the texts the delivery log and the API have always shown. */
class AttemptErrorTest {

    @ParameterizedTest
    @EnumSource(TransportFailure.class)
    void aTransportFailureKeepsItsLowerCaseName(TransportFailure failure) {
        assertThat(AttemptError.of(failure).wireName(null))
                .isEqualTo(failure.name().toLowerCase());
        assertThat(AttemptError.of(failure).metricTag())
                .isEqualTo(failure.name().toLowerCase());
    }

    @Test
    void anHttpAnswerIsNamedByItsStatusButCountedAsOneTag() {
        assertThat(AttemptError.HTTP_STATUS.wireName(503)).isEqualTo("http_503");
        assertThat(AttemptError.HTTP_STATUS.metricTag()).isEqualTo("http_error");
        assertThat(AttemptError.GONE.wireName(410)).isEqualTo("gone");
        assertThat(AttemptError.NO_WEBHOOK_URL.wireName(null)).isEqualTo("no_webhook_url");
    }
}
