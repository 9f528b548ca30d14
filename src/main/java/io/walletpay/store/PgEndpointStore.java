package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import io.walletpay.webhook.EndpointInput.EndpointChanges;
import io.walletpay.webhook.EndpointInput.NewEndpoint;
import io.walletpay.webhook.WebhookEndpoint;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/** {@link EndpointStore} on PostgreSQL (SQL in {@link EndpointSql}). */
final class PgEndpointStore implements EndpointStore {

    private final Database database;

    PgEndpointStore(Database database) {
        this.database = database;
    }

    @Override
    public Future<List<WebhookEndpoint>> list(UUID merchantId) {
        return database.statements()
                .preparedQuery(EndpointSql.LIST_ORDERED)
                .execute(Tuple.of(merchantId))
                .map(rows -> {
                    List<WebhookEndpoint> endpoints = new ArrayList<>(rows.size());
                    rows.forEach(row -> endpoints.add(endpoint(row)));
                    return endpoints;
                });
    }

    @Override
    public Future<WebhookEndpoint> get(UUID merchantId, UUID id) {
        return database.statements()
                .preparedQuery(EndpointSql.BY_ID)
                .execute(Tuple.of(merchantId, id))
                .map(PgEndpointStore::firstOrNull);
    }

    @Override
    public Future<WebhookEndpoint> create(UUID merchantId, UUID id, NewEndpoint endpoint, String secret, int limit) {
        return database.transactions().withTransaction(connection -> connection
                .preparedQuery(EndpointSql.LOCK_MERCHANT)
                .execute(Tuple.of(merchantId))
                .compose(locked -> connection
                        .preparedQuery(EndpointSql.CREATE)
                        .execute(Tuple.of(
                                id,
                                merchantId,
                                endpoint.url(),
                                endpoint.enabledEvents().toArray(new String[0]),
                                endpoint.description(),
                                secret,
                                limit)))
                .map(PgEndpointStore::firstOrNull));
    }

    @Override
    public Future<WebhookEndpoint> update(UUID merchantId, UUID id, EndpointChanges changes) {
        return database.statements()
                .preparedQuery(EndpointSql.UPDATE)
                .execute(Tuple.of(
                        merchantId,
                        id,
                        changes.url(),
                        changes.enabledEvents() == null
                                ? null
                                : changes.enabledEvents().toArray(new String[0]),
                        changes.description(),
                        changes.clearDescription()))
                .map(PgEndpointStore::firstOrNull);
    }

    @Override
    public Future<Void> describeFirst(UUID merchantId, String description) {
        return database.statements()
                .preparedQuery(EndpointSql.DESCRIBE_FIRST)
                .execute(Tuple.of(merchantId, description))
                .mapEmpty();
    }

    @Override
    public Future<Boolean> delete(UUID merchantId, UUID id) {
        return database.statements()
                .preparedQuery(EndpointSql.DELETE)
                .execute(Tuple.of(merchantId, id))
                .map(rows -> rows.rowCount() == 1);
    }

    @Override
    public Future<WebhookEndpoint> rotate(UUID merchantId, UUID id, String secret, OffsetDateTime previousUntil) {
        return database.statements()
                .preparedQuery(EndpointSql.ROTATE)
                .execute(Tuple.of(merchantId, id, secret, previousUntil))
                .map(PgEndpointStore::firstOrNull);
    }

    private static WebhookEndpoint firstOrNull(RowSet<Row> rows) {
        return rows.size() == 0 ? null : endpoint(rows.iterator().next());
    }

    private static WebhookEndpoint endpoint(Row row) {
        return new WebhookEndpoint(
                row.getUUID("id"),
                row.getString("url"),
                Arrays.asList(row.getArrayOfStrings("enabled_events")),
                row.getString("description"),
                row.getBoolean("from_settings"),
                row.getOffsetDateTime("created_at"));
    }
}
