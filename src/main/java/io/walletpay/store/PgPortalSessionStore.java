package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import io.walletpay.people.SignInStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Portal sessions in PostgreSQL ({@code portal_sessions}), so every node serves every session. */
final class PgPortalSessionStore implements PortalSessionStore {

    private final Database database;

    PgPortalSessionStore(Database database) {
        this.database = database;
    }

    @Override
    public Future<Void> open(
            byte[] idHash, UUID merchantId, UUID personId, SignInStep step, String sourceAddress, String userAgent) {
        return database.statements()
                .preparedQuery(PortalSessionSql.OPEN)
                .execute(Tuple.of(
                        Buffer.buffer(idHash), merchantId, personId, step.wireName(), sourceAddress, userAgent))
                .mapEmpty();
    }

    @Override
    public Future<Optional<PortalSession>> use(byte[] idHash, Lifetimes lifetimes) {
        return database.statements()
                .preparedQuery(PortalSessionSql.USE)
                .execute(Tuple.of(
                        Buffer.buffer(idHash),
                        seconds(lifetimes.idle()),
                        seconds(lifetimes.absolute()),
                        seconds(Lifetimes.SIGNING_IN.absolute())))
                .map(rows -> rows.size() == 0
                        ? Optional.<PortalSession>empty()
                        : Optional.of(session(rows.iterator().next())));
    }

    @Override
    public Future<Void> switchMode(byte[] idHash, boolean livemode) {
        return database.statements()
                .preparedQuery(PortalSessionSql.SWITCH_MODE)
                .execute(Tuple.of(Buffer.buffer(idHash), livemode))
                .mapEmpty();
    }

    @Override
    public Future<Void> end(byte[] idHash) {
        return database.statements()
                .preparedQuery(PortalSessionSql.END)
                .execute(Tuple.of(Buffer.buffer(idHash)))
                .mapEmpty();
    }

    @Override
    public Future<Boolean> end(UUID merchantId, byte[] idHash) {
        return database.statements()
                .preparedQuery(PortalSessionSql.END_ONE_OF_MERCHANT)
                .execute(Tuple.of(merchantId, Buffer.buffer(idHash)))
                .map(rows -> rows.rowCount() == 1);
    }

    @Override
    public Future<Integer> endAllOf(UUID personId, byte[] keep) {
        return database.statements()
                .preparedQuery(PortalSessionSql.END_ALL_OF_PERSON)
                .execute(Tuple.of(personId, keep == null ? null : Buffer.buffer(keep)))
                .map(rows -> rows.rowCount());
    }

    @Override
    public Future<Integer> endAll(UUID merchantId, byte[] keep) {
        return database.statements()
                .preparedQuery(PortalSessionSql.END_ALL)
                .execute(Tuple.of(merchantId, keep == null ? null : Buffer.buffer(keep)))
                .map(rows -> rows.rowCount());
    }

    @Override
    public Future<List<PortalSession>> live(UUID merchantId, Lifetimes lifetimes) {
        Tuple args = Tuple.of(
                merchantId,
                seconds(lifetimes.idle()),
                seconds(lifetimes.absolute()),
                seconds(Lifetimes.SIGNING_IN.absolute()));
        return database.statements()
                .preparedQuery(PortalSessionSql.CLEAR_ENDED)
                .execute(args)
                .compose(cleared -> database.statements()
                        .preparedQuery(PortalSessionSql.LIST)
                        .execute(Tuple.of(merchantId, seconds(lifetimes.idle()), seconds(lifetimes.absolute()))))
                .map(rows -> {
                    List<PortalSession> sessions = new ArrayList<>();
                    rows.forEach(row -> sessions.add(session(row)));
                    return sessions;
                });
    }

    private static int seconds(java.time.Duration duration) {
        return (int) duration.toSeconds();
    }

    private static PortalSession session(Row row) {
        return new PortalSession(
                row.getBuffer("id_hash").getBytes(),
                row.getUUID("merchant_id"),
                row.getUUID("person_id"),
                SignInStep.of(row.getString("stage")),
                row.getOffsetDateTime("created_at"),
                row.getOffsetDateTime("last_seen_at"),
                row.getString("source_address"),
                row.getString("user_agent"),
                row.getBoolean("livemode"));
    }
}
