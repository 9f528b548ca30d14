package io.walletpay.store;

/**
 * The SQL of {@link PgPortalSessionStore}. Lifetimes travel as whole seconds ({@code $2} idle, {@code $3} absolute,
 * {@code $4} a session still signing in) and are compared with the database's clock, the one that wrote the times.
 */
final class PortalSessionSql {

    private PortalSessionSql() {}

    static final String COLUMNS =
            "id_hash, merchant_id, person_id, stage, created_at, last_seen_at, source_address, user_agent, livemode";

    private static final String IN_AND_LIVE = " stage = 'in' AND last_seen_at > now() - $2::int * interval '1 second'"
            + " AND created_at > now() - $3::int * interval '1 second'";

    private static final String LIVE =
            " (" + IN_AND_LIVE + " OR stage <> 'in' AND created_at > now() - $4::int * interval '1 second')";

    static final String CLEAR_ENDED = "DELETE FROM portal_sessions WHERE merchant_id = $1 AND NOT" + LIVE;

    static final String OPEN = "INSERT INTO portal_sessions (id_hash, merchant_id, person_id, stage, source_address,"
            + " user_agent) VALUES ($1, $2, $3, $4, $5, $6)";

    /** Marks a live session used; one past a lifetime is not returned. */
    static final String USE =
            "UPDATE portal_sessions SET last_seen_at = now() WHERE id_hash = $1 AND" + LIVE + " RETURNING " + COLUMNS;

    static final String SWITCH_MODE = "UPDATE portal_sessions SET livemode = $2 WHERE id_hash = $1";

    static final String END = "DELETE FROM portal_sessions WHERE id_hash = $1";

    static final String END_ONE_OF_MERCHANT = "DELETE FROM portal_sessions WHERE merchant_id = $1 AND id_hash = $2";

    static final String END_ALL =
            "DELETE FROM portal_sessions WHERE merchant_id = $1 AND ($2::bytea IS NULL OR id_hash <> $2)";

    static final String END_ALL_OF_PERSON =
            "DELETE FROM portal_sessions WHERE person_id = $1 AND ($2::bytea IS NULL OR id_hash <> $2)";

    static final String LIST = "SELECT " + COLUMNS + " FROM portal_sessions WHERE merchant_id = $1 AND" + IN_AND_LIVE
            + " ORDER BY last_seen_at DESC LIMIT 50";
}
