package io.walletpay.tracing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class TracingSwitchTest {

    @Test
    void isOffUntilAnEndpointOrAnExporterIsNamed() {
        assertThat(Tracing.wanted(Map.of(), new Properties())).isFalse();
        assertThat(Tracing.wanted(Map.of("OTEL_SERVICE_NAME", "shop"), new Properties()))
                .isFalse();
        assertThat(Tracing.wanted(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", " "), new Properties()))
                .isFalse();
        assertThat(Tracing.wanted(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4318"), new Properties()))
                .isTrue();
        assertThat(Tracing.wanted(
                        Map.of("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://collector:4318/v1/traces"),
                        new Properties()))
                .isTrue();
        assertThat(Tracing.wanted(Map.of("OTEL_TRACES_EXPORTER", "otlp"), new Properties()))
                .isTrue();
    }

    @Test
    void staysOffWhenTheExporterIsNoneOrTheSdkIsDisabled() {
        assertThat(Tracing.wanted(
                        Map.of("OTEL_TRACES_EXPORTER", "none", "OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4318"),
                        new Properties()))
                .isFalse();
        assertThat(Tracing.wanted(
                        Map.of("OTEL_SDK_DISABLED", "true", "OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4318"),
                        new Properties()))
                .isFalse();
    }

    @Test
    void readsTheSystemPropertiesAsTheSdkDoes() {
        Properties properties = new Properties();
        properties.setProperty("otel.exporter.otlp.endpoint", "http://collector:4318");
        assertThat(Tracing.wanted(Map.of(), properties)).isTrue();
    }

    @Test
    void offItMakesNoSpanAndHasNoTraceparent() {
        assertThat(Tracing.on()).isFalse();
        assertThat(Tracing.traceparent()).isNull();
        assertThat(Tracing.current()).isNull();
        assertThat(Tracing.startFrom("webhook attempt", io.opentelemetry.api.trace.SpanKind.CLIENT, null))
                .isNull();
    }
}
