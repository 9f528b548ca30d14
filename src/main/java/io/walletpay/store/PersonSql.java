package io.walletpay.store;

/**
 * All SQL about people, their invitations and their recovery codes (migration V72). E-mails arrive lowercase: the
 * store lowercases them, and the table's check refuses any other.
 */
final class PersonSql {

    private PersonSql() {}

    static final String PERSON_COLUMNS =
            "id, merchant_id, email, name, role, password_hash, totp_secret, totp_last_step, created_at";

    static final String INVITATION_COLUMNS =
            "id, merchant_id, email, role, invited_by, created_at, expires_at, used_at, revoked_at";

    private static final String OPEN = " used_at IS NULL AND revoked_at IS NULL AND expires_at > now()";

    static final String INVITE = "INSERT INTO invitations (id, merchant_id, email, role, invited_by, token_hash,"
            + " expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING " + INVITATION_COLUMNS;

    static final String INVITATION_BY_HASH = "SELECT " + INVITATION_COLUMNS + " FROM invitations WHERE token_hash = $1";

    static final String OPEN_INVITATIONS = "SELECT " + INVITATION_COLUMNS + " FROM invitations WHERE merchant_id = $1"
            + " AND" + OPEN + " ORDER BY created_at DESC, id DESC";

    static final String WITHDRAW =
            "UPDATE invitations SET revoked_at = now() WHERE merchant_id = $1 AND id = $2 AND" + OPEN;

    /**
     * Spends the invitation, only while it is open: of two joins with one link at once, the second waits for the
     * first's row lock, then finds it used and changes nothing.
     */
    static final String USE_INVITATION = "UPDATE invitations SET used_at = now() WHERE token_hash = $1 AND" + OPEN
            + " RETURNING merchant_id, email, role";

    /**
     * A person of an e-mail nobody has: a concurrent join with the same e-mail waits for the first to commit, then
     * inserts nothing (no row answered: the e-mail is taken, and the caller rolls the invitation's use back).
     */
    static final String JOIN = "INSERT INTO people (id, merchant_id, email, name, role, password_hash)"
            + " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (email) DO NOTHING RETURNING " + PERSON_COLUMNS;

    static final String BY_EMAIL = "SELECT " + PERSON_COLUMNS + " FROM people WHERE email = $1";

    static final String BY_ID = "SELECT " + PERSON_COLUMNS + " FROM people WHERE merchant_id = $1 AND id = $2";

    static final String TEAM =
            "SELECT " + PERSON_COLUMNS + " FROM people WHERE merchant_id = $1 ORDER BY created_at, id";

    /**
     * The merchant's owners, locked until the transaction ends: a change that could take away the last owner holds
     * them, so two such changes at once (each removing one of two owners) run one after the other, and the second
     * sees the first's result. Locked in id order, so two of them never deadlock.
     */
    static final String LOCK_OWNERS =
            "SELECT id FROM people WHERE merchant_id = $1 AND role = 'owner' ORDER BY id FOR UPDATE";

    static final String CHANGE_ROLE =
            "UPDATE people SET role = $3 WHERE merchant_id = $1 AND id = $2 RETURNING " + PERSON_COLUMNS;

    /** Their sessions and recovery codes go with them (the foreign keys cascade). */
    static final String REMOVE = "DELETE FROM people WHERE merchant_id = $1 AND id = $2";

    /** Sets the second factor once; the step that proved it is spent. */
    static final String RESET_SECOND_FACTOR =
            "UPDATE people SET totp_secret = NULL" + " WHERE merchant_id = $1 AND id = $2 AND totp_secret IS NOT NULL";

    static final String ENROL = "UPDATE people SET totp_secret = $2, totp_last_step = GREATEST(totp_last_step, $3)"
            + " WHERE id = $1 AND totp_secret IS NULL";

    static final String FORGET_RECOVERY_CODES = "DELETE FROM recovery_codes WHERE person_id = $1";

    static final String ADD_RECOVERY_CODES =
            "INSERT INTO recovery_codes (person_id, code_hash) SELECT $1, hash FROM unnest($2::bytea[]) hash"
                    + " ON CONFLICT DO NOTHING";

    /** One statement: of two nodes accepting the same step at once, the second finds it spent. */
    static final String USE_STEP = "UPDATE people SET totp_last_step = $2 WHERE id = $1 AND totp_last_step < $2";

    static final String USE_RECOVERY_CODE = "UPDATE recovery_codes SET used_at = now()"
            + " WHERE person_id = $1 AND code_hash = $2 AND used_at IS NULL";

    static final String RECOVERY_CODES_LEFT =
            "SELECT count(*)::int FROM recovery_codes WHERE person_id = $1 AND used_at IS NULL";
}
