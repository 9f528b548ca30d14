package io.walletpay.store;

/**
 * The SQL that writes webhook outbox rows; always run inside the transaction that changed the payment.
 *
 * <p>Each event becomes one row per endpoint that takes it: the merchant's first endpoint (its webhook_url, every
 * event) and each further endpoint subscribed to the event's type or to {@code *}. The first row of an event keeps the
 * event's id (the events list shows that row, and a merchant with one endpoint gets exactly the row it always got);
 * the others take ids of the same millisecond, so they land at the same edge of the indexes, and name the event's row
 * in {@code copy_of}. An event no endpoint takes still gets its one row for the first endpoint, as when a merchant has
 * no webhook_url yet: it waits there to be recovered once a URL is set. The fan-out is part of the one statement, so a
 * merchant with one endpoint costs no more statements than before, and nothing is written outside the transaction.
 */
final class OutboxSql {

    /**
     * The events to write, one element per event in each array parameter $1 to $6 (the last the trace context the
     * event was made in, or null).
     */
    private static final String EVENTS = "WITH r AS (SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[],"
            + " $4::text[], $5::text[], $6::text[]) WITH ORDINALITY"
            + " AS r(id, merchant_id, payment_id, event, body, traceparent, ord)),";

    /** Whether endpoint {@code e} takes the event of {@code r}. */
    private static final String TAKES = "(r.event = ANY(e.enabled_events) OR '*' = ANY(e.enabled_events))";

    /** The rows of {@link #EVENTS}: one per endpoint that takes each event, the event's own row first. */
    private static final String FAN_OUT = " targets AS (SELECT r.ord, m.webhook_endpoint_id AS endpoint_id, 0 AS rank,"
            + "   NULL::timestamptz AS made FROM r JOIN merchants m ON m.id = r.merchant_id"
            + "   WHERE m.webhook_url IS NOT NULL OR NOT EXISTS (SELECT 1 FROM webhook_endpoints e"
            + "     WHERE e.merchant_id = r.merchant_id AND " + TAKES + ")"
            + "  UNION ALL SELECT r.ord, e.id, 1, e.created_at FROM r"
            + "   JOIN webhook_endpoints e ON e.merchant_id = r.merchant_id AND " + TAKES + "),"
            + " numbered AS (SELECT ord, endpoint_id,"
            + "   row_number() OVER (PARTITION BY ord ORDER BY rank, made, endpoint_id) AS k FROM targets),"
            // a copy's id: the event id's millisecond and version (its first 19 characters), then fresh random bits
            + " fanned AS (SELECT CASE WHEN n.k = 1 THEN r.id"
            + "   ELSE (left(r.id::text, 19) || right(gen_random_uuid()::text, 17))::uuid END AS id,"
            + "   r.merchant_id, r.payment_id, r.event, r.body, r.traceparent, n.endpoint_id,"
            + "   CASE WHEN n.k = 1 THEN NULL ELSE r.id END AS copy_of FROM numbered n JOIN r USING (ord))";

    /** Any number of events in one statement: each parameter is an array, one element per event. */
    static final String INSERT = EVENTS + FAN_OUT
            + " INSERT INTO webhook_deliveries (id, merchant_id, payment_id, event, body, traceparent, endpoint_id, copy_of)"
            + " SELECT id, merchant_id, payment_id, event, body, traceparent, endpoint_id, copy_of FROM fanned";

    /**
     * {@link #INSERT} with the rows leased for {@code $7} seconds to the sender they are handed to, answering each
     * row with what a sender needs, as {@link DeliverySql#CLAIM_DUE} does (its endpoint's URL and secrets as
     * committed with this transaction).
     */
    static final String INSERT_LEASED = EVENTS + FAN_OUT + ","
            + " inserted AS (INSERT INTO webhook_deliveries"
            + " (id, merchant_id, payment_id, event, body, traceparent, endpoint_id, copy_of, lease_until)"
            + " SELECT id, merchant_id, payment_id, event, body, traceparent, endpoint_id, copy_of,"
            + " now() + ($7::int) * interval '1 second' FROM fanned"
            + " RETURNING id, merchant_id, endpoint_id, body, attempts, schedule_from, redeliveries, lease_until,"
            + " created_at, traceparent)"
            + " SELECT i.id, i.merchant_id, i.body, i.attempts, i.schedule_from, i.redeliveries, i.lease_until,"
            + " i.created_at, i.traceparent, " + target("i")
            + " FROM inserted i JOIN merchants m ON m.id = i.merchant_id"
            + " LEFT JOIN webhook_endpoints e ON e.id = i.endpoint_id";

    /**
     * Where the delivery {@code d} goes and what signs it, given its merchant {@code m} and its further endpoint
     * {@code e} (left-joined by {@code d.endpoint_id}): a further endpoint's URL and secrets; the merchant's for the
     * first endpoint (and for rows made before endpoints existed); no URL for an endpoint since deleted, so its
     * deliveries fail as one without a URL and are never sent elsewhere. The previous secret signs while its overlap
     * lasts.
     */
    static String target(String d) {
        return "CASE WHEN e.id IS NOT NULL THEN e.url WHEN " + d + ".endpoint_id IS NULL OR " + d
                + ".endpoint_id = m.webhook_endpoint_id THEN m.webhook_url END AS webhook_url,"
                + " CASE WHEN e.id IS NOT NULL THEN e.secret ELSE m.webhook_secret END AS webhook_secret,"
                + " CASE WHEN e.id IS NOT NULL THEN CASE WHEN e.previous_secret_until > now() THEN e.previous_secret END"
                + " WHEN m.previous_webhook_secret_until > now() THEN m.previous_webhook_secret END"
                + " AS previous_webhook_secret";
    }

    private OutboxSql() {}
}
