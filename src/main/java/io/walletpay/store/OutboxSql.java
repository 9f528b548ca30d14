package io.walletpay.store;

/** The SQL that writes webhook outbox rows; always run inside the transaction that changed the payment. */
final class OutboxSql {

    /** Any number of outbox rows in one statement: each parameter is an array, one element per row. */
    static final String INSERT = "INSERT INTO webhook_deliveries (id, merchant_id, payment_id, event, body)"
            + " SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[])";

    private OutboxSql() {}
}
