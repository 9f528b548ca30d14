package io.walletpay.store;

/** The SQL that writes webhook outbox rows; always run inside the transaction that changed the payment. */
final class OutboxSql {

    /** Any number of outbox rows in one statement: each parameter is an array, one element per row. */
    static final String INSERT =
            "INSERT INTO webhook_deliveries (id, merchant_id, payment_id, event, body, traceparent)"
                    + " SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[])";

    /**
     * {@link #INSERT} with the rows leased for {@code $7} seconds to the sender they are handed to, answering each
     * row with what a sender needs, as {@link DeliverySql#CLAIM_DUE} does (the merchant's URL and secrets as
     * committed with this transaction).
     */
    static final String INSERT_LEASED = "WITH inserted AS (INSERT INTO webhook_deliveries"
            + " (id, merchant_id, payment_id, event, body, traceparent, lease_until)"
            + " SELECT r.id, r.merchant_id, r.payment_id, r.event, r.body, r.traceparent,"
            + " now() + ($7::int) * interval '1 second'"
            + " FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[])"
            + " AS r(id, merchant_id, payment_id, event, body, traceparent)"
            + " RETURNING id, merchant_id, body, attempts, schedule_from, redeliveries, lease_until, created_at,"
            + " traceparent)"
            + " SELECT i.id, i.merchant_id, i.body, i.attempts, i.schedule_from, i.redeliveries, i.lease_until,"
            + " i.created_at, i.traceparent,"
            + " m.webhook_url,"
            + " m.webhook_secret, CASE WHEN m.previous_webhook_secret_until > now() THEN m.previous_webhook_secret END"
            + " AS previous_webhook_secret FROM inserted i JOIN merchants m ON m.id = i.merchant_id";

    private OutboxSql() {}
}
