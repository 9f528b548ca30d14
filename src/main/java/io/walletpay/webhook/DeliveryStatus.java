package io.walletpay.webhook;

import java.util.Locale;
import java.util.Optional;

/**
 * Where a webhook delivery stands: {@code pending} (an attempt is due now or later), {@code succeeded} (the
 * merchant answered 2xx) or {@code failed} (no attempt left, or the endpoint said it is gone). Final states never
 * change again except by a merchant's redeliver, which queues the delivery as pending.
 */
public enum DeliveryStatus {
    PENDING,
    SUCCEEDED,
    FAILED;

    /** The name in the database and the API. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<DeliveryStatus> fromWire(String value) {
        for (DeliveryStatus status : values()) {
            if (status.wireName().equals(value)) {
                return Optional.of(status);
            }
        }
        return Optional.empty();
    }
}
