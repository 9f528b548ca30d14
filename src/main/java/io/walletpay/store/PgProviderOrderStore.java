package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.sqlclient.Tuple;
import io.walletpay.checkout.ProviderOrder;
import java.util.Optional;

/** Provider tries in PostgreSQL ({@code provider_orders}). */
final class PgProviderOrderStore implements ProviderOrderStore {

    private final Database database;

    PgProviderOrderStore(Database database) {
        this.database = database;
    }

    @Override
    public Future<Optional<String>> opened(ProviderOrder order) {
        return database.statements()
                .preparedQuery(ProviderOrderSql.OPENED)
                .execute(Tuple.of(order.paymentId(), order.attempt()))
                .map(rows -> rows.size() == 0
                        ? Optional.<String>empty()
                        : Optional.of(rows.iterator().next().getString(0)));
    }

    @Override
    public Future<String> open(ProviderOrder order, String redirectUrl) {
        return database.statements()
                .preparedQuery(ProviderOrderSql.OPEN)
                .execute(Tuple.of(order.paymentId(), order.attempt(), order.id(), redirectUrl))
                .map(rows -> rows.iterator().next().getString(0));
    }

    @Override
    public Future<Boolean> declined(ProviderOrder order, String transactionId, String reason) {
        return database.statements()
                .preparedQuery(ProviderOrderSql.DECLINED)
                .execute(Tuple.of(order.paymentId(), order.attempt(), order.id(), transactionId, reason))
                .map(rows -> rows.rowCount() == 1);
    }

    @Override
    public Future<Void> paid(ProviderOrder order, String transactionId) {
        return database.statements()
                .preparedQuery(ProviderOrderSql.PAID)
                .execute(Tuple.of(order.paymentId(), order.attempt(), order.id(), transactionId))
                .mapEmpty();
    }
}
