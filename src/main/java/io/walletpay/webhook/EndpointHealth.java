package io.walletpay.webhook;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Objects;

/**
 * How the merchant's webhook endpoint is doing, as the settings API and the portal both say it. {@code failingSince}
 * is the first failed attempt of the current run of failures (null while the last attempt succeeded). The endpoint
 * is {@code healthy} while its last attempt succeeded, {@code retrying} from its first failure (its deliveries are
 * being tried again on the retry schedule), and {@code failing} once that run has lasted
 * {@code webhooks.failing_after_hours}. Health only informs: deliveries keep queuing and retrying in every state,
 * and the next success makes the endpoint healthy again.
 */
public record EndpointHealth(Status status, OffsetDateTime failingSince) {

    /** The three states, with the names the API and the portal's messages use. */
    public enum Status {
        HEALTHY("healthy"),
        RETRYING("retrying"),
        FAILING("failing");

        private final String wireName;

        Status(String wireName) {
            this.wireName = wireName;
        }

        public String wireName() {
            return wireName;
        }
    }

    public EndpointHealth {
        Objects.requireNonNull(status, "status");
        if ((status == Status.HEALTHY) != (failingSince == null)) {
            throw new IllegalArgumentException("an endpoint is healthy exactly when no run of failures is recorded");
        }
    }

    /**
     * The one rule: no recorded run of failures is healthy; a run that began {@code failingAfter} or more before
     * {@code now} is failing; a shorter one is retrying. {@code now} is the database's clock, the one that recorded
     * {@code failingSince}.
     */
    public static EndpointHealth of(OffsetDateTime failingSince, OffsetDateTime now, Duration failingAfter) {
        if (failingSince == null) {
            return new EndpointHealth(Status.HEALTHY, null);
        }
        boolean lasted = !failingSince.plus(failingAfter).isAfter(now);
        return new EndpointHealth(lasted ? Status.FAILING : Status.RETRYING, failingSince);
    }

    public boolean failing() {
        return status == Status.FAILING;
    }

    /** The state's name in the API ({@code webhook_endpoint.status}) and in the portal's message keys. */
    public String wireName() {
        return status.wireName();
    }
}
