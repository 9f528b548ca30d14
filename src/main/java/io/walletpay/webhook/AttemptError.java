package io.walletpay.webhook;

import io.walletpay.webhook.DeliveryOutcome.TransportFailure;
import java.util.Locale;

/**
 * Why an attempt did not deliver, as the delivery log, the API ({@code error_kind}) and the metrics name it: an
 * HTTP answer other than 2xx ({@code http_<status>}), {@code gone} (410: the endpoint is retired), no webhook URL
 * set, or one of the {@link TransportFailure}s (in lower case).
 */
public enum AttemptError {
    HTTP_STATUS,
    GONE,
    NO_WEBHOOK_URL,
    CONNECT_TIMEOUT,
    RESPONSE_TIMEOUT,
    CONNECTION_REFUSED,
    CONNECTION_RESET,
    DNS_FAILURE,
    TLS_FAILURE,
    TARGET_REJECTED;

    public static AttemptError of(TransportFailure failure) {
        return switch (failure) {
            case CONNECT_TIMEOUT -> CONNECT_TIMEOUT;
            case RESPONSE_TIMEOUT -> RESPONSE_TIMEOUT;
            case CONNECTION_REFUSED -> CONNECTION_REFUSED;
            case CONNECTION_RESET -> CONNECTION_RESET;
            case DNS_FAILURE -> DNS_FAILURE;
            case TLS_FAILURE -> TLS_FAILURE;
            case TARGET_REJECTED -> TARGET_REJECTED;
        };
    }

    /** The stored and API text: {@code http_503} for an HTTP answer, the lower-case name otherwise. */
    public String wireName(Integer statusCode) {
        return this == HTTP_STATUS ? "http_" + statusCode : name().toLowerCase(Locale.ROOT);
    }

    /** The metrics tag: one value for all HTTP statuses, so the series stay few. */
    public String metricTag() {
        return this == HTTP_STATUS ? "http_error" : name().toLowerCase(Locale.ROOT);
    }
}
