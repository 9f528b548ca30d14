package io.walletpay.webhook;

/**
 * What the store counted for the delivery gauges: deliveries due now and how long the oldest has waited, and how
 * many merchant endpoints are failing. Each is an index look-up, cheap whatever the tables hold.
 */
public record Backlog(long due, long oldestDueMillis, long failingEndpoints) {}
