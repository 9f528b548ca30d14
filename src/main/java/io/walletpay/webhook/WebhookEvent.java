package io.walletpay.webhook;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.Objects;
import java.util.UUID;

/**
 * The facts one {@code payment.updated} webhook reports: the payment as it stood at the transition. Reference,
 * customer name, e-mail and the payment link are optional at creation, so they may be null here and are sent as JSON null.
 * {@code shortCode} is the code the customer reads to the shop; events written before payments had one carry none.
 * {@code livemode} is false for a test-mode payment.
 */
public record WebhookEvent(
        UUID transactionId,
        String referenceId,
        String status,
        BigDecimal amount,
        BigDecimal fees,
        BigDecimal netAmount,
        String customerName,
        String customerEmail,
        OffsetDateTime timestamp,
        UUID paymentLinkId,
        String shortCode,
        boolean livemode) {

    /** A live-mode payment's event. */
    public WebhookEvent(
            UUID transactionId,
            String referenceId,
            String status,
            BigDecimal amount,
            BigDecimal fees,
            BigDecimal netAmount,
            String customerName,
            String customerEmail,
            OffsetDateTime timestamp,
            UUID paymentLinkId,
            String shortCode) {
        this(
                transactionId,
                referenceId,
                status,
                amount,
                fees,
                netAmount,
                customerName,
                customerEmail,
                timestamp,
                paymentLinkId,
                shortCode,
                true);
    }

    /** A payment not made through a payment link. */
    public WebhookEvent(
            UUID transactionId,
            String referenceId,
            String status,
            BigDecimal amount,
            BigDecimal fees,
            BigDecimal netAmount,
            String customerName,
            String customerEmail,
            OffsetDateTime timestamp) {
        this(
                transactionId,
                referenceId,
                status,
                amount,
                fees,
                netAmount,
                customerName,
                customerEmail,
                timestamp,
                null,
                null);
    }

    public WebhookEvent {
        Objects.requireNonNull(transactionId, "transactionId");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(amount, "amount");
        Objects.requireNonNull(fees, "fees");
        Objects.requireNonNull(netAmount, "netAmount");
        Objects.requireNonNull(timestamp, "timestamp");
    }
}
