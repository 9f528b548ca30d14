package io.walletpay.webhook;

/**
 * What one delivery attempt means for the delivery: done, given up for good, or try again later. Only a 2xx
 * counts as received; redirects are not followed, so a 3xx is a failed attempt like any other.
 */
public enum DeliveryOutcome {
    SUCCEEDED,
    /** 410 Gone: the merchant says this endpoint is retired; more attempts would only be noise. */
    STOP,
    RETRY;

    /** Why an attempt ended without an HTTP response. */
    public enum TransportFailure {
        CONNECT_TIMEOUT,
        RESPONSE_TIMEOUT,
        CONNECTION_REFUSED,
        CONNECTION_RESET,
        DNS_FAILURE,
        TLS_FAILURE,
        /** The resolved address was refused by {@link TargetGuard}; DNS or the merchant's URL may change. */
        TARGET_REJECTED
    }

    public static DeliveryOutcome of(int httpStatus) {
        if (httpStatus >= 200 && httpStatus <= 299) {
            return SUCCEEDED;
        }
        return httpStatus == 410 ? STOP : RETRY;
    }

    public static DeliveryOutcome of(TransportFailure failure) {
        // exhaustive on purpose: a new kind of failure must be decided here, not fall into a default
        return switch (failure) {
            case CONNECT_TIMEOUT,
                    RESPONSE_TIMEOUT,
                    CONNECTION_REFUSED,
                    CONNECTION_RESET,
                    DNS_FAILURE,
                    TLS_FAILURE,
                    TARGET_REJECTED -> RETRY;
        };
    }
}
