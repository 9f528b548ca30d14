package io.walletpay.webhook;

import java.util.Map;

/**
 * What the store counted for the delivery gauges: deliveries due now and how long the oldest has waited, how many
 * merchant endpoints are failing, and rows by status of deliveries and of payments.
 */
public record Backlog(
        long due,
        long oldestDueMillis,
        long failingEndpoints,
        Map<String, Long> deliveriesByStatus,
        Map<String, Long> paymentsByStatus) {}
