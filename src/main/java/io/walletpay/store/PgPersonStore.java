package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import io.walletpay.people.Invitation;
import io.walletpay.people.Person;
import io.walletpay.people.Role;
import io.walletpay.people.TeamRefusals;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/** {@link PersonStore} on PostgreSQL (SQL in {@link PersonSql}). */
final class PgPersonStore implements PersonStore {

    private final Database database;

    PgPersonStore(Database database) {
        this.database = database;
    }

    @Override
    public Future<Invitation> invite(Invitation invitation, byte[] tokenHash) {
        return database.statements()
                .preparedQuery(PersonSql.INVITE)
                .execute(Tuple.of(
                        invitation.id(),
                        invitation.merchantId(),
                        lower(invitation.email()),
                        invitation.role().wireName(),
                        invitation.invitedBy(),
                        Buffer.buffer(tokenHash),
                        invitation.expiresAt()))
                .map(PgPersonStore::invitationOrNull);
    }

    @Override
    public Future<Invitation> invitation(byte[] tokenHash) {
        return database.statements()
                .preparedQuery(PersonSql.INVITATION_BY_HASH)
                .execute(Tuple.of(Buffer.buffer(tokenHash)))
                .map(PgPersonStore::invitationOrNull);
    }

    @Override
    public Future<List<Invitation>> openInvitations(UUID merchantId) {
        return database.statements()
                .preparedQuery(PersonSql.OPEN_INVITATIONS)
                .execute(Tuple.of(merchantId))
                .map(rows -> {
                    List<Invitation> open = new ArrayList<>(rows.size());
                    rows.forEach(row -> open.add(invitation(row)));
                    return open;
                });
    }

    @Override
    public Future<Boolean> withdraw(UUID merchantId, UUID invitationId) {
        return database.statements()
                .preparedQuery(PersonSql.WITHDRAW)
                .execute(Tuple.of(merchantId, invitationId))
                .map(rows -> rows.rowCount() == 1);
    }

    @Override
    public Future<Person> join(byte[] tokenHash, UUID personId, String name, String passwordHash) {
        return database.transactions().withTransaction(connection -> connection
                .preparedQuery(PersonSql.USE_INVITATION)
                .execute(Tuple.of(Buffer.buffer(tokenHash)))
                .compose(used -> {
                    if (used.size() == 0) {
                        return Future.succeededFuture(null);
                    }
                    Row invitation = used.iterator().next();
                    return connection
                            .preparedQuery(PersonSql.JOIN)
                            .execute(Tuple.of(
                                    personId,
                                    invitation.getUUID("merchant_id"),
                                    invitation.getString("email"),
                                    name,
                                    invitation.getString("role"),
                                    passwordHash))
                            .compose(joined -> joined.size() == 0
                                    // failing the transaction rolls the invitation's use back: it stays open
                                    ? Future.failedFuture(TeamRefusals.emailTaken())
                                    : Future.succeededFuture(
                                            person(joined.iterator().next())));
                }));
    }

    @Override
    public Future<Person> byEmail(String email) {
        return database.statements()
                .preparedQuery(PersonSql.BY_EMAIL)
                .execute(Tuple.of(lower(email)))
                .map(PgPersonStore::personOrNull);
    }

    @Override
    public Future<Person> get(UUID merchantId, UUID personId) {
        return database.statements()
                .preparedQuery(PersonSql.BY_ID)
                .execute(Tuple.of(merchantId, personId))
                .map(PgPersonStore::personOrNull);
    }

    @Override
    public Future<List<Person>> team(UUID merchantId) {
        return database.statements()
                .preparedQuery(PersonSql.TEAM)
                .execute(Tuple.of(merchantId))
                .map(rows -> {
                    List<Person> team = new ArrayList<>(rows.size());
                    rows.forEach(row -> team.add(person(row)));
                    return team;
                });
    }

    @Override
    public Future<Boolean> enrol(UUID personId, byte[] totpSecret, long usedStep, List<byte[]> recoveryCodeHashes) {
        Buffer[] hashes = recoveryCodeHashes.stream().map(Buffer::buffer).toArray(Buffer[]::new);
        return database.transactions().withTransaction(connection -> connection
                .preparedQuery(PersonSql.ENROL)
                .execute(Tuple.of(personId, Buffer.buffer(totpSecret), usedStep))
                .compose(enrolled -> {
                    if (enrolled.rowCount() == 0) {
                        return Future.succeededFuture(false);
                    }
                    return connection
                            .preparedQuery(PersonSql.FORGET_RECOVERY_CODES)
                            .execute(Tuple.of(personId))
                            .compose(forgotten -> connection
                                    .preparedQuery(PersonSql.ADD_RECOVERY_CODES)
                                    .execute(Tuple.tuple().addUUID(personId).addArrayOfBuffer(hashes)))
                            .map(added -> true);
                }));
    }

    @Override
    public Future<Boolean> resetSecondFactor(UUID merchantId, UUID personId) {
        return database.transactions().withTransaction(connection -> connection
                .preparedQuery(PersonSql.RESET_SECOND_FACTOR)
                .execute(Tuple.of(merchantId, personId))
                .compose(reset -> reset.rowCount() == 0
                        ? Future.succeededFuture(false)
                        : connection
                                .preparedQuery(PersonSql.FORGET_RECOVERY_CODES)
                                .execute(Tuple.of(personId))
                                .map(forgotten -> true)));
    }

    @Override
    public Future<Boolean> useStep(UUID personId, long step) {
        return database.statements()
                .preparedQuery(PersonSql.USE_STEP)
                .execute(Tuple.of(personId, step))
                .map(rows -> rows.rowCount() == 1);
    }

    @Override
    public Future<Boolean> useRecoveryCode(UUID personId, byte[] codeHash) {
        return database.statements()
                .preparedQuery(PersonSql.USE_RECOVERY_CODE)
                .execute(Tuple.of(personId, Buffer.buffer(codeHash)))
                .map(rows -> rows.rowCount() == 1);
    }

    @Override
    public Future<Integer> recoveryCodesLeft(UUID personId) {
        return database.statements()
                .preparedQuery(PersonSql.RECOVERY_CODES_LEFT)
                .execute(Tuple.of(personId))
                .map(rows -> rows.iterator().next().getInteger(0));
    }

    @Override
    public Future<Person> changeRole(UUID merchantId, UUID personId, Role role) {
        return database.transactions()
                .withTransaction(connection -> keepsAnOwner(connection, merchantId, personId, role == Role.OWNER)
                        .compose(kept -> connection
                                .preparedQuery(PersonSql.CHANGE_ROLE)
                                .execute(Tuple.of(merchantId, personId, role.wireName())))
                        .map(PgPersonStore::personOrNull));
    }

    @Override
    public Future<Boolean> remove(UUID merchantId, UUID personId) {
        return database.transactions().withTransaction(connection -> keepsAnOwner(
                        connection, merchantId, personId, false)
                .compose(kept -> connection.preparedQuery(PersonSql.REMOVE).execute(Tuple.of(merchantId, personId)))
                .map(rows -> rows.rowCount() == 1));
    }

    /**
     * Locks the merchant's owners for the rest of the transaction and refuses with {@code last_owner} when the person
     * is the only one and does not stay an owner.
     */
    private static Future<Void> keepsAnOwner(
            SqlConnection connection, UUID merchantId, UUID personId, boolean staysOwner) {
        return connection
                .preparedQuery(PersonSql.LOCK_OWNERS)
                .execute(Tuple.of(merchantId))
                .compose(owners -> {
                    boolean onlyOwner = owners.size() == 1
                            && owners.iterator().next().getUUID("id").equals(personId);
                    return onlyOwner && !staysOwner
                            ? Future.failedFuture(TeamRefusals.lastOwner())
                            : Future.succeededFuture();
                });
    }

    private static String lower(String email) {
        return email.toLowerCase(Locale.ROOT);
    }

    private static Invitation invitationOrNull(RowSet<Row> rows) {
        return rows.size() == 0 ? null : invitation(rows.iterator().next());
    }

    private static Person personOrNull(RowSet<Row> rows) {
        return rows.size() == 0 ? null : person(rows.iterator().next());
    }

    private static Invitation invitation(Row row) {
        return new Invitation(
                row.getUUID("id"),
                row.getUUID("merchant_id"),
                row.getString("email"),
                Role.of(row.getString("role")),
                row.getString("invited_by"),
                row.getOffsetDateTime("created_at"),
                row.getOffsetDateTime("expires_at"),
                row.getOffsetDateTime("used_at"),
                row.getOffsetDateTime("revoked_at"));
    }

    private static Person person(Row row) {
        Buffer secret = row.getBuffer("totp_secret");
        return new Person(
                row.getUUID("id"),
                row.getUUID("merchant_id"),
                row.getString("email"),
                row.getString("name"),
                Role.of(row.getString("role")),
                row.getString("password_hash"),
                secret == null ? null : secret.getBytes(),
                row.getLong("totp_last_step"),
                row.getOffsetDateTime("created_at"));
    }
}
