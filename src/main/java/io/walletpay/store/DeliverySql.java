package io.walletpay.store;

import io.walletpay.webhook.EventType;

/** All SQL about webhook deliveries and their attempts (the outbox insert lives in {@link OutboxSql}). */
final class DeliverySql {

    static final String COLUMNS = "d.id, d.merchant_id, d.payment_id, d.event, d.status, d.attempts,"
            + " d.next_attempt_at, d.last_status_code, d.last_error, d.created_at, d.updated_at, d.delivered_at,"
            + " d.endpoint_id";

    /**
     * Whether delivery {@code %1$s} goes to the first endpoint of merchant {@code %2$s}, the one whose health the
     * merchant row keeps (further endpoints' failures do not mark the merchant's webhook_url failing).
     */
    private static final String FIRST_ENDPOINT =
            "(%1$s.endpoint_id IS NULL OR %1$s.endpoint_id = %2$s.webhook_endpoint_id)";

    /**
     * Claims due deliveries with a lease: SKIP LOCKED so concurrent senders never take the same row, the lease so
     * a crashed sender's rows come back. {@code $3} lists merchants whose endpoint is at its in-flight limit.
     */
    static final String CLAIM_DUE =
            "WITH busy AS (SELECT * FROM unnest($3::uuid[], $4::int[]) AS b(merchant_id, in_flight)),"
                    // the oldest due rows of merchants with room, numbered per merchant...
                    + " candidates AS (SELECT w.id, w.next_attempt_at, COALESCE(b.in_flight, 0) AS in_flight,"
                    + "   row_number() OVER (PARTITION BY w.merchant_id ORDER BY w.next_attempt_at, w.id) AS n"
                    + "   FROM (SELECT id, merchant_id, next_attempt_at FROM webhook_deliveries"
                    + "     WHERE status = 'pending' AND next_attempt_at <= now()"
                    + "       AND (lease_until IS NULL OR lease_until < now())"
                    + "       AND NOT (merchant_id = ANY(SELECT merchant_id FROM busy WHERE in_flight >= $5))"
                    + "     ORDER BY next_attempt_at LIMIT $1 * 8) w"
                    + "   LEFT JOIN busy b ON b.merchant_id = w.merchant_id),"
                    // ...so no merchant gets more than its free slots: nothing is claimed only to be released again
                    + " due AS (SELECT d.id, d.merchant_id, d.endpoint_id FROM webhook_deliveries d"
                    + "   JOIN candidates c ON c.id = d.id"
                    + "   WHERE c.n <= $5 - c.in_flight AND d.status = 'pending'"
                    + "     AND (d.lease_until IS NULL OR d.lease_until < now())"
                    + "   ORDER BY c.next_attempt_at LIMIT $1 FOR UPDATE OF d SKIP LOCKED)"
                    + " UPDATE webhook_deliveries d SET lease_until = now() + ($2::int) * interval '1 second'"
                    + " FROM due JOIN merchants m ON m.id = due.merchant_id"
                    + " LEFT JOIN webhook_endpoints e ON e.id = due.endpoint_id WHERE d.id = due.id"
                    + " RETURNING d.id, d.merchant_id, d.body, d.attempts, d.schedule_from, d.redeliveries,"
                    + " d.lease_until, d.created_at, d.traceparent, " + OutboxSql.target("due");

    /**
     * The secrets a test event is signed with, read fresh (the API's merchant may be cached): the current one and
     * the previous while its overlap lasts, exactly as {@link #CLAIM_DUE} gives them to real deliveries.
     */
    static final String ACTIVE_SECRETS = "SELECT webhook_secret,"
            + " CASE WHEN previous_webhook_secret_until > now() THEN previous_webhook_secret END"
            + " AS previous_webhook_secret FROM merchants WHERE id = $1";

    /**
     * Gives back claimed rows that a sender could not start (its merchant's endpoint was at its limit), each only
     * while the lease its claim set ({@code $2}, in the order of {@code $1}) is still the row's.
     */
    static final String RELEASE = "UPDATE webhook_deliveries d SET lease_until = NULL"
            + " FROM unnest($1::uuid[], $2::timestamptz[]) AS r(id, lease) WHERE d.id = r.id AND d.lease_until = r.lease";

    /**
     * Records one attempt and the delivery's next state in one statement (one round trip, one commit): the
     * attempt row and the state change cannot be split. {@code $7} the new status; {@code $8} milliseconds until
     * the next attempt (null when there is none); {@code $9} the attempt count, {@code $10} the redeliveries and
     * {@code $11} the lease when the delivery was claimed. A record whose claim is gone (its lease ran out and
     * another sender claimed the delivery, or recorded first) keeps only its attempt row. One whose delivery was
     * redelivered meanwhile is counted, and the delivery stays queued, due as the redelivery made it, on a fresh
     * schedule that starts after this attempt.
     */
    static final String RECORD_ATTEMPT = "WITH attempt AS (INSERT INTO webhook_attempts (delivery_id, attempted_at,"
            + " status_code, duration_ms, error_kind, response_excerpt) VALUES ($1, $2, $3, $4, $5, $6)),"
            // endpoint health: a success ends a run of failures, a failure starts one unless one is running; the
            // merchant row is only written when that changes, not on every attempt. Without a webhook URL there is
            // no endpoint to be failing ($5 = no_webhook_url).
            + " health AS (UPDATE merchants m SET webhook_failing_since = CASE WHEN $7 = 'succeeded' THEN NULL"
            + "   ELSE COALESCE(m.webhook_failing_since, $2) END"
            + "   FROM webhook_deliveries hd WHERE hd.id = $1 AND m.id = hd.merchant_id"
            + "   AND " + FIRST_ENDPOINT.formatted("hd", "m")
            + "   AND $5::text IS DISTINCT FROM 'no_webhook_url'"
            + "   AND (CASE WHEN $7 = 'succeeded' THEN m.webhook_failing_since IS NOT NULL"
            + "        ELSE m.webhook_failing_since IS NULL END))"
            + " UPDATE webhook_deliveries SET attempts = attempts + 1, lease_until = NULL, last_status_code = $3,"
            + " last_error = $5, updated_at = now(),"
            + " status = CASE WHEN redeliveries = $10 THEN $7 ELSE status END,"
            + " next_attempt_at = CASE WHEN redeliveries = $10 AND $8::bigint IS NOT NULL"
            + "   THEN now() + ($8::bigint) * interval '1 millisecond' ELSE next_attempt_at END,"
            + " delivered_at = CASE WHEN redeliveries = $10 AND $7 = 'succeeded' THEN now() ELSE delivered_at END,"
            + " schedule_from = CASE WHEN redeliveries = $10 THEN schedule_from ELSE attempts + 1 END"
            + " WHERE id = $1 AND attempts = $9 AND lease_until = $11";

    /**
     * {@link #RECORD_ATTEMPT} for many attempts at once (never two of one delivery: {@link GroupCommit} keeps
     * those apart), each parameter an array in the order the attempts were recorded. Endpoint health comes out as
     * one by one would leave it: per merchant, the last of its attempts decides; after a success, a later failure
     * starts a run at its own time; with no success the first failure starts one unless one is running.
     */
    static final String RECORD_ATTEMPTS = "WITH a AS (SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::int[],"
            + " $4::int[], $5::text[], $6::text[], $7::text[], $8::bigint[], $9::int[], $10::int[], $11::timestamptz[])"
            + " WITH ORDINALITY AS a (delivery_id, attempted_at, status_code, duration_ms, error_kind, response_excerpt,"
            + " next_status, retry_ms, attempts_so_far, redeliveries, lease_until, ord)),"
            + " attempt AS (INSERT INTO webhook_attempts (delivery_id, attempted_at, status_code, duration_ms,"
            + "   error_kind, response_excerpt) SELECT delivery_id, attempted_at, status_code, duration_ms, error_kind,"
            + "   response_excerpt FROM a ORDER BY ord),"
            + " outcome AS (SELECT hd.merchant_id, a.ord, a.next_status = 'succeeded' AS ok, a.attempted_at"
            + "   FROM a JOIN webhook_deliveries hd ON hd.id = a.delivery_id JOIN merchants om ON om.id = hd.merchant_id"
            + "   WHERE a.error_kind IS DISTINCT FROM 'no_webhook_url' AND " + FIRST_ENDPOINT.formatted("hd", "om")
            + "),"
            + " last_ok AS (SELECT merchant_id, max(ord) FILTER (WHERE ok) AS ord FROM outcome GROUP BY merchant_id),"
            + " net AS (SELECT l.merchant_id, l.ord IS NOT NULL AS any_ok,"
            + "   (array_agg(o.attempted_at ORDER BY o.ord) FILTER (WHERE NOT o.ok AND o.ord > COALESCE(l.ord, 0)))[1]"
            + "   AS failing_from FROM last_ok l JOIN outcome o USING (merchant_id) GROUP BY l.merchant_id, l.ord),"
            + " next AS (SELECT m.id, CASE WHEN n.failing_from IS NULL THEN NULL WHEN n.any_ok THEN n.failing_from"
            + "   ELSE COALESCE(m.webhook_failing_since, n.failing_from) END AS failing_since"
            + "   FROM net n JOIN merchants m ON m.id = n.merchant_id),"
            + " health AS (UPDATE merchants m SET webhook_failing_since = next.failing_since FROM next"
            + "   WHERE m.id = next.id AND m.webhook_failing_since IS DISTINCT FROM next.failing_since)"
            + " UPDATE webhook_deliveries d SET attempts = d.attempts + 1, lease_until = NULL,"
            + " last_status_code = a.status_code, last_error = a.error_kind, updated_at = now(),"
            + " status = CASE WHEN d.redeliveries = a.redeliveries THEN a.next_status ELSE d.status END,"
            + " next_attempt_at = CASE WHEN d.redeliveries = a.redeliveries AND a.retry_ms IS NOT NULL"
            + "   THEN now() + a.retry_ms * interval '1 millisecond' ELSE d.next_attempt_at END,"
            + " delivered_at = CASE WHEN d.redeliveries = a.redeliveries AND a.next_status = 'succeeded' THEN now()"
            + "   ELSE d.delivered_at END,"
            + " schedule_from = CASE WHEN d.redeliveries = a.redeliveries THEN d.schedule_from"
            + "   ELSE d.attempts + 1 END"
            + " FROM a WHERE d.id = a.delivery_id AND d.attempts = a.attempts_so_far"
            + " AND d.lease_until = a.lease_until";

    static final String BY_ID =
            "SELECT " + COLUMNS + ", d.body FROM webhook_deliveries d" + " WHERE d.id = $1 AND d.merchant_id = $2";

    static final String ATTEMPTS = "SELECT attempted_at, status_code, duration_ms, error_kind, response_excerpt"
            + " FROM webhook_attempts WHERE delivery_id = $1 ORDER BY attempted_at, id";

    /**
     * The log's page, each delivery with the reference of the payment it is about, the amount it announces (the
     * payment's, or for a refund or a payout the amount its stored body carries: a payout has no payment to join, and a
     * refund's amount is not its payment's; reading the body of the 50 rows shown costs less than a join on transfers,
     * whose id the delivery does not keep), and the title of the payment link it was paid through (the link's
     * description, which the payment carries).
     */
    static final String PAGE = "SELECT " + COLUMNS + ", p.reference_id AS payment_reference,"
            + " COALESCE(CASE WHEN d.event IN ("
            + EventType.namesWithPayload("TransferWebhookEvent").stream()
                    .map(name -> "'" + name + "'")
                    .collect(java.util.stream.Collectors.joining(", "))
            + ")"
            + "   THEN (d.body::jsonb #>> '{data,amount}')::numeric END, p.amount) AS payment_amount,"
            + " CASE WHEN p.payment_link_id IS NOT NULL THEN p.description END AS payment_link_title"
            + " FROM webhook_deliveries d LEFT JOIN payments p ON p.id = d.payment_id WHERE d.merchant_id = $1"
            + " AND ($2::text IS NULL OR d.status = $2)"
            + " AND ($3::uuid IS NULL OR d.payment_id = $3)"
            + " AND ($6::timestamptz IS NULL OR d.created_at >= $6)"
            + " AND ($7::timestamptz IS NULL OR d.created_at < $7)"
            + " AND ($5::uuid IS NULL OR (d.created_at, d.id) <"
            + "      (SELECT created_at, id FROM webhook_deliveries WHERE id = $5 AND merchant_id = $1))"
            + " ORDER BY d.created_at DESC, d.id DESC LIMIT $4";

    /** The page just before the delivery {@code $5} (paging back with {@code ending_before}). */
    static final String PAGE_BEFORE = ListCursor.before(PAGE);

    /** The row a page's cursor names, on the delivery log or the events (see ListCursor). */
    static final String CURSOR_ROW = "SELECT 1 FROM webhook_deliveries WHERE id = $1 AND merchant_id = $2";

    /**
     * Puts a delivery back in the queue, same id, with a fresh schedule; attempt numbers go on from the total. The
     * lease stays as it is: an attempt under way (or a row handed to a sender and waiting for a slot) keeps it, so no
     * other claim sends the delivery beside it, and one that has run out frees the row for any claim already (the
     * late record of its attempt still counts until another sender claims it). The count of redeliveries tells that
     * attempt's record it was asked for again: the record counts the attempt and leaves the delivery due, so the
     * redelivery goes out once the attempt under way has ended, whichever attempt of its schedule that was. A row
     * still waiting for a slot when it is asked for again goes out twice: from its slot, then for the redelivery.
     */
    static final String REDELIVER = "UPDATE webhook_deliveries d SET status = 'pending', schedule_from = attempts,"
            + " redeliveries = redeliveries + 1, next_attempt_at = now(), updated_at = now()"
            + " WHERE d.id = $1 AND d.merchant_id = $2 RETURNING " + COLUMNS;

    /**
     * Queues again (fresh schedule, numbers continuing) every failed delivery whose event is at or after $2. A failed
     * delivery holds no lease (its last record ended it); clearing it states that.
     */
    static final String RECOVER = "UPDATE webhook_deliveries SET status = 'pending', schedule_from = attempts,"
            + " redeliveries = redeliveries + 1, lease_until = NULL, next_attempt_at = now(), updated_at = now()"
            + " WHERE merchant_id = $1 AND status = 'failed' AND created_at >= $2";

    /**
     * For the metrics gauges: due backlog and its oldest age, and how many endpoints have been failing for {@code $1}
     * hours (the rule of {@link io.walletpay.webhook.EndpointHealth#of}, counted over every merchant at once).
     */
    static final String BACKLOG = "SELECT count(*) AS due,"
            + " COALESCE(EXTRACT(EPOCH FROM now() - min(next_attempt_at)) * 1000, 0)::bigint AS oldest_ms,"
            + " (SELECT count(*) FROM merchants WHERE webhook_failing_since <= now() - ($1::int) * interval '1 hour')"
            + " AS failing_endpoints"
            + " FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= now()";

    /**
     * The start of the merchant's run of webhook failures, with the database's clock (the one that recorded it) for
     * {@link io.walletpay.webhook.EndpointHealth#of}, which decides the endpoint's state.
     */
    static final String ENDPOINT_HEALTH = "SELECT webhook_failing_since, now() AS now FROM merchants WHERE id = $1";

    /** For the metrics gauges: one row per delivery and per payment status; reads both tables whole. */
    static final String STATUS_COUNTS = "SELECT 'delivery' AS kind, status, count(*) AS n FROM webhook_deliveries"
            + " GROUP BY status UNION ALL SELECT 'payment', status, count(*) FROM payments GROUP BY status";

    private DeliverySql() {}
}
