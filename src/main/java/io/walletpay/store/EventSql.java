package io.walletpay.store;

/**
 * The merchant's events. An event is the outbox row its transition wrote (one per transition, never deleted, so
 * kept well past 30 days): its id is the delivery's id, which is also the {@code webhook-id} of its webhook. An event
 * sent to several endpoints is the row that kept its id; the other endpoints' rows are copies ({@code copy_of}).
 */
final class EventSql {

    static final String COLUMNS = "d.id, d.event, d.payment_id, d.body, d.created_at";

    /** {@code $2} type, {@code $3}/{@code $4} created from (inclusive) / before, {@code $6} the cursor id. */
    static final String PAGE =
            "SELECT " + COLUMNS + " FROM webhook_deliveries d WHERE d.merchant_id = $1 AND d.copy_of IS NULL"
                    + " AND ($2::text IS NULL OR d.event = $2)"
                    + " AND ($3::timestamptz IS NULL OR d.created_at >= $3)"
                    + " AND ($4::timestamptz IS NULL OR d.created_at < $4)"
                    + " AND ($6::uuid IS NULL OR (d.created_at, d.id) <"
                    + "      (SELECT created_at, id FROM webhook_deliveries WHERE id = $6 AND merchant_id = $1))"
                    + " ORDER BY d.created_at DESC, d.id DESC LIMIT $5";

    /** The page just before the event {@code $6} (paging back with {@code ending_before}). */
    static final String PAGE_BEFORE = ListCursor.before(PAGE);

    static final String BY_ID = "SELECT " + COLUMNS
            + " FROM webhook_deliveries d WHERE d.id = $1 AND d.merchant_id = $2" + " AND d.copy_of IS NULL";

    private EventSql() {}
}
