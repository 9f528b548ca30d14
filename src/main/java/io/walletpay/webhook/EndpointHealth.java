package io.walletpay.webhook;

import java.time.OffsetDateTime;

/**
 * How the merchant's webhook endpoint is doing. {@code failingSince} is the first failed attempt of the current run
 * of failures (null while the last attempt succeeded); the endpoint is {@code failing} once that run has lasted
 * {@code webhooks.failing_after_hours}. Health only informs: deliveries keep queuing and retrying either way, and
 * the next success makes the endpoint healthy again.
 */
public record EndpointHealth(boolean failing, OffsetDateTime failingSince) {

    public String status() {
        return failing ? "failing" : "healthy";
    }
}
