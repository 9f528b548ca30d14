package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import io.walletpay.bus.DeliveryMessages.EventPage;
import io.walletpay.bus.DeliveryMessages.EventView;
import io.walletpay.bus.DeliveryMessages.ListEvents;
import io.walletpay.error.ServiceException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** Reads the merchant's events (see {@link EventSql}); one small store per concern, each answer a Future. */
public final class EventStore {

    private final Database database;

    public EventStore(Database database) {
        this.database = database;
    }

    Future<EventPage> page(ListEvents query) {
        return database.statements()
                .preparedQuery(EventSql.PAGE)
                .execute(Tuple.tuple()
                        .addValue(query.merchantId())
                        .addValue(query.type())
                        .addValue(query.createdFrom())
                        .addValue(query.createdBefore())
                        .addValue(query.limit() + 1)
                        .addValue(query.startingAfter()))
                .map(rows -> {
                    List<EventView> events = new ArrayList<>();
                    rows.forEach(row -> events.add(toEvent(row)));
                    boolean more = events.size() > query.limit();
                    return new EventPage(more ? events.subList(0, query.limit()) : events, more);
                });
    }

    Future<EventView> byId(UUID merchantId, UUID id) {
        return database.statements()
                .preparedQuery(EventSql.BY_ID)
                .execute(Tuple.of(id, merchantId))
                .map(rows -> {
                    if (rows.size() == 0) {
                        throw ServiceException.notFound("Event");
                    }
                    return toEvent(rows.iterator().next());
                });
    }

    private static EventView toEvent(Row row) {
        return new EventView(
                row.getUUID("id"),
                row.getString("event"),
                row.getUUID("payment_id"),
                row.getString("body"),
                row.getOffsetDateTime("created_at"));
    }
}
