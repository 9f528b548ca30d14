package io.walletpay.webhook;

import java.time.OffsetDateTime;
import java.util.UUID;

/** A delivery claimed for sending: the stored body, where it goes now and with which secret. */
public record DueDelivery(
        UUID id,
        UUID merchantId,
        String body,
        int attemptsSoFar,
        OffsetDateTime createdAt,
        String webhookUrl,
        String webhookSecret) {

    @Override
    public String toString() {
        return "DueDelivery[id=" + id + ", merchantId=" + merchantId + ", attemptsSoFar=" + attemptsSoFar + "]";
    }
}
