package io.walletpay.store;

/** The SQL that writes webhook outbox rows; always run inside the transaction that changed the payment. */
final class OutboxSql {

    static final String INSERT = "INSERT INTO webhook_deliveries (id, merchant_id, payment_id, event, body)"
            + " VALUES ($1, $2, $3, $4, $5)";

    private OutboxSql() {}
}
