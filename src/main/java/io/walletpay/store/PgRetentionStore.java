package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import io.walletpay.store.PortalSessionStore.Lifetimes;
import java.time.Instant;
import java.time.ZoneOffset;

/** Rows past their use in PostgreSQL: each call one bounded DELETE in its own transaction. */
final class PgRetentionStore implements RetentionStore {

    private final Database database;

    PgRetentionStore(Database database) {
        this.database = database;
    }

    @Override
    public Future<Integer> forgetEndedSessions(Lifetimes lifetimes, int limit) {
        return database.statements()
                .preparedQuery(RetentionSql.FORGET_ENDED_SESSIONS)
                .execute(Tuple.of(
                        (int) lifetimes.idle().toSeconds(),
                        (int) lifetimes.absolute().toSeconds(),
                        limit))
                .map(RowSet::rowCount);
    }

    @Override
    public Future<Integer> forgetAttemptsBefore(Instant before, int limit) {
        return database.statements()
                .preparedQuery(RetentionSql.FORGET_ATTEMPTS)
                .execute(Tuple.of(before.atOffset(ZoneOffset.UTC), limit))
                .map(RowSet::rowCount);
    }
}
