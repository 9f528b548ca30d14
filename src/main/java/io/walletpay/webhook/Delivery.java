package io.walletpay.webhook;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * A delivery as the merchant sees it in the delivery log. {@code paymentReference}, {@code paymentAmount} and
 * {@code paymentLinkTitle} (the description of the payment link it was paid through) name the order it is about (for
 * a refund or a payout, the amount is the one it announces); only the log's pages fill them (null elsewhere, and the
 * reference and title null for a payment without one). {@code endpointId} is the endpoint it goes to (null for one
 * made before endpoints existed, or while the merchant had no webhook_url: those go to the merchant's webhook_url).
 */
public record Delivery(
        UUID id,
        UUID paymentId,
        String event,
        DeliveryStatus status,
        int attempts,
        OffsetDateTime nextAttemptAt,
        Integer lastStatusCode,
        String lastError,
        OffsetDateTime createdAt,
        OffsetDateTime updatedAt,
        OffsetDateTime deliveredAt,
        String paymentReference,
        BigDecimal paymentAmount,
        String paymentLinkTitle,
        UUID endpointId) {

    /** Tried and failed at least once, and due to be tried again on the retry schedule (not merely waiting). */
    public boolean retrying() {
        return status == DeliveryStatus.PENDING && attempts > 0;
    }
}
