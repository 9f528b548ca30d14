package io.walletpay.webhook;

import java.util.Map;

/**
 * What the store counted for the delivery gauges: deliveries due now and how long the oldest has waited, and rows
 * by status of deliveries and of payments.
 */
public record Backlog(
        long due, long oldestDueMillis, Map<String, Long> deliveriesByStatus, Map<String, Long> paymentsByStatus) {}
