package io.walletpay.store;

/** The SQL of {@link PgRetentionStore}. */
final class RetentionSql {

    private RetentionSql() {}

    /**
     * At most $3 sessions past a lifetime ($1 idle seconds, $2 absolute), the opposite of the portal store's live
     * condition. The table holds the live sessions and those that ended since the last run: a scan of it is small.
     */
    static final String FORGET_ENDED_SESSIONS = "DELETE FROM portal_sessions WHERE ctid IN (SELECT ctid"
            + " FROM portal_sessions WHERE last_seen_at <= now() - $1::int * interval '1 second'"
            + " OR created_at <= now() - $2::int * interval '1 second' LIMIT $3 FOR UPDATE SKIP LOCKED)";

    /**
     * Of the $2 oldest attempts (by id, which follows the time they were made), those made before $1. A primary-key
     * range of $2 rows, whatever the table holds; an attempt recorded late with an older time waits for a later run.
     */
    static final String FORGET_ATTEMPTS = "DELETE FROM webhook_attempts WHERE id IN (SELECT id FROM"
            + " (SELECT id, attempted_at FROM webhook_attempts ORDER BY id LIMIT $2) oldest WHERE attempted_at < $1)";
}
