package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.AuditEntry;
import io.walletpay.merchant.MerchantStatus;
import io.walletpay.payment.LinkPage;
import io.walletpay.payment.ListLinks;
import io.walletpay.payment.NewLink;
import io.walletpay.payment.NewPayment;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentLink;
import io.walletpay.payment.PublicLink;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** {@link PaymentLinkStore} on PostgreSQL; a payment through a link is decided with the link's row locked. */
final class PgPaymentLinkStore implements PaymentLinkStore {

    private final Database database;

    PgPaymentLinkStore(Database database) {
        this.database = database;
    }

    @Override
    public Future<PaymentLink> create(NewLink link) {
        Tuple params = Tuple.tuple()
                .addValue(link.id())
                .addValue(link.merchantId())
                .addValue(link.code())
                .addValue(link.amount())
                .addValue(link.minAmount())
                .addValue(link.description())
                .addValue(link.referenceId())
                .addValue(link.expiresAt())
                .addValue(link.maxPayments())
                .addValue(link.createdAt());
        return database.statements()
                .preparedQuery(PaymentLinkSql.INSERT)
                .execute(params)
                .compose(inserted -> get(link.merchantId(), link.id()));
    }

    @Override
    public Future<PaymentLink> get(UUID merchantId, UUID id) {
        return database.statements()
                .preparedQuery(PaymentLinkSql.BY_ID_FOR_MERCHANT)
                .execute(Tuple.of(id, merchantId))
                .map(rows -> toLink(StoreRows.one(rows, "Payment link")));
    }

    @Override
    public Future<LinkPage> list(ListLinks query) {
        boolean back = query.endingBefore() != null;
        UUID cursor = back ? query.endingBefore() : query.startingAfter();
        return database.statements()
                .preparedQuery(back ? PaymentLinkSql.PAGE_BEFORE : PaymentLinkSql.PAGE)
                .execute(Tuple.of(query.merchantId(), query.limit() + 1, cursor))
                .compose(rows -> ListCursor.named(
                        database.statements(),
                        rows,
                        PaymentLinkSql.CURSOR_ROW,
                        Tuple.of(cursor, query.merchantId()),
                        "a payment link",
                        ListCursor.parameter(back)))
                .map(rows -> {
                    List<PaymentLink> links = new ArrayList<>();
                    rows.forEach(row -> links.add(toLink(row)));
                    return ListCursor.page(links, query.limit(), back, LinkPage::new);
                });
    }

    @Override
    public Future<PaymentLink> deactivate(UUID merchantId, UUID id, AuditEntry entry) {
        return database.statements()
                .preparedQuery(PaymentLinkSql.DEACTIVATE)
                .execute(Tuple.of(id, merchantId, entry.actor(), entry.sourceAddress(), entry.action(), entry.what()))
                .compose(written -> get(merchantId, id));
    }

    @Override
    public Future<PublicLink> byCode(String code) {
        return database.statements()
                .preparedQuery(PaymentLinkSql.BY_CODE)
                .execute(Tuple.of(code))
                .map(rows -> {
                    Row row = StoreRows.one(rows, "Payment link");
                    return new PublicLink(
                            toLink(row),
                            row.getString("merchant_name"),
                            row.getString("merchant_locale"),
                            MerchantStatus.ACTIVE.wireName().equals(row.getString("merchant_status")));
                });
    }

    @Override
    public Future<Payment> createPayment(UUID linkId, NewPayment payment) {
        return database.transactions().withTransaction(connection -> connection
                .preparedQuery(PaymentLinkSql.LOCK)
                .execute(Tuple.of(linkId))
                .compose(locked -> {
                    if (locked.size() == 0) {
                        return Future.failedFuture(ServiceException.notFound("Payment link"));
                    }
                    Row link = locked.iterator().next();
                    if (!link.getBoolean("active") || !link.getBoolean("in_time")) {
                        return Future.failedFuture(gone());
                    }
                    Integer max = link.getInteger("max_payments");
                    if (max == null) {
                        return insert(connection, linkId, payment);
                    }
                    return connection
                            .preparedQuery(PaymentLinkSql.IN_USE)
                            .execute(Tuple.of(linkId))
                            .compose(counted -> {
                                Row places = counted.iterator().next();
                                if (places.getLong("in_use") < max) {
                                    return insert(connection, linkId, payment);
                                }
                                return Future.failedFuture(places.getLong("completed") >= max ? gone() : busy());
                            });
                }));
    }

    private static Future<Payment> insert(SqlConnection connection, UUID linkId, NewPayment payment) {
        return connection
                .preparedQuery(PaymentRow.INSERT)
                .execute(PaymentRow.of(payment, linkId))
                .map(PaymentRow::onePayment);
    }

    static ServiceException gone() {
        return new ServiceException(ErrorKind.GONE, GONE, "This payment link takes no more payments");
    }

    static ServiceException busy() {
        return new ServiceException(
                ErrorKind.CONFLICT, BUSY, "Every place left on this payment link is held by a payment in progress");
    }

    private static PaymentLink toLink(Row row) {
        return new PaymentLink(
                row.getUUID("id"),
                row.getUUID("merchant_id"),
                row.getString("code"),
                row.getBigDecimal("amount"),
                row.getBigDecimal("min_amount"),
                row.getString("description"),
                row.getString("reference_id"),
                row.getOffsetDateTime("expires_at"),
                row.getInteger("max_payments"),
                row.getBoolean("active"),
                row.getOffsetDateTime("created_at"),
                row.getLong("payments_count").intValue(),
                row.getBigDecimal("amount_collected").setScale(2),
                row.getLong("payments_in_use").intValue(),
                row.getOffsetDateTime("held_until"));
    }
}
