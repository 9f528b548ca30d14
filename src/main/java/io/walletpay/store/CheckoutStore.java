package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import io.walletpay.bus.CheckoutMessages.Checkout;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.MerchantStatus;
import java.util.UUID;

/**
 * Reads payments the way the customer's checkout needs them. It never writes: every state change goes through
 * {@link PaymentStore#transition}, which owns the conditional update and the outbox row.
 */
final class CheckoutStore {

    private final Database database;

    CheckoutStore(Database database) {
        this.database = database;
    }

    Future<Checkout> byToken(String token) {
        return database.statements()
                .preparedQuery(CheckoutSql.BY_TOKEN)
                .execute(Tuple.of(token))
                .map(CheckoutStore::checkout);
    }

    Future<Checkout> byPayment(UUID paymentId) {
        return database.statements()
                .preparedQuery(CheckoutSql.BY_PAYMENT)
                .execute(Tuple.of(paymentId))
                .map(CheckoutStore::checkout);
    }

    private static Checkout checkout(RowSet<Row> rows) {
        if (rows.size() == 0) {
            throw ServiceException.notFound("Checkout");
        }
        Row row = rows.iterator().next();
        return new Checkout(
                PaymentStore.toPayment(row),
                row.getString("merchant_name"),
                row.getString("merchant_return_url"),
                row.getBoolean("past_expiry"),
                row.getString("merchant_locale"),
                MerchantStatus.ACTIVE.wireName().equals(row.getString("merchant_status")));
    }
}
