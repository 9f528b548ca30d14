package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import io.walletpay.merchant.ApiKey;
import io.walletpay.merchant.KeyScope;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** {@link ApiKeyStore} on PostgreSQL (SQL in {@link ApiKeySql}). */
final class PgApiKeyStore implements ApiKeyStore {

    private final Database database;

    PgApiKeyStore(Database database) {
        this.database = database;
    }

    @Override
    public Future<ApiKey> create(ApiKey key, byte[] hash) {
        return database.statements()
                .preparedQuery(ApiKeySql.CREATE)
                .execute(Tuple.of(
                        key.id(),
                        key.merchantId(),
                        key.scope().wireName(),
                        key.description(),
                        Buffer.buffer(hash),
                        key.prefix()))
                .map(PgApiKeyStore::firstOrNull);
    }

    @Override
    public Future<List<ApiKey>> list(UUID merchantId) {
        return database.statements()
                .preparedQuery(ApiKeySql.LIST)
                .execute(Tuple.of(merchantId))
                .map(rows -> {
                    List<ApiKey> keys = new ArrayList<>(rows.size());
                    rows.forEach(row -> keys.add(key(row)));
                    return keys;
                });
    }

    @Override
    public Future<ApiKey> get(UUID merchantId, UUID id) {
        return database.statements()
                .preparedQuery(ApiKeySql.BY_ID)
                .execute(Tuple.of(merchantId, id))
                .map(PgApiKeyStore::firstOrNull);
    }

    @Override
    public Future<ApiKey> activeByHash(UUID merchantId, byte[] hash) {
        return database.statements()
                .preparedQuery(ApiKeySql.ACTIVE_BY_HASH)
                .execute(Tuple.of(merchantId, Buffer.buffer(hash)))
                .map(PgApiKeyStore::firstOrNull);
    }

    @Override
    public Future<ApiKey> revoke(UUID merchantId, UUID id) {
        return database.statements()
                .preparedQuery(ApiKeySql.REVOKE)
                .execute(Tuple.of(merchantId, id))
                .map(PgApiKeyStore::firstOrNull);
    }

    private static ApiKey firstOrNull(RowSet<Row> rows) {
        var found = rows.iterator();
        return found.hasNext() ? key(found.next()) : null;
    }

    private static ApiKey key(Row row) {
        return new ApiKey(
                row.getUUID("id"),
                row.getUUID("merchant_id"),
                KeyScope.restricted(row.getString("scope")),
                row.getString("description"),
                row.getString("key_prefix"),
                row.getOffsetDateTime("created_at"),
                row.getOffsetDateTime("revoked_at"));
    }
}
