package io.walletpay.webhook;

import java.util.Map;

/** Rows by status of deliveries and of payments, for the gauges: counting them reads the whole of both tables. */
public record RowCounts(Map<String, Long> deliveriesByStatus, Map<String, Long> paymentsByStatus) {}
