package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.AuditEntry;
import io.walletpay.merchant.AuditPage;
import io.walletpay.merchant.AuditRecord;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.MerchantInput.MerchantChanges;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;

/**
 * The audit log, and the changes it records: each audited change and its entry commit in one transaction, so the
 * log never misses a change nor names one that did not happen.
 */
final class PgAuditStore implements AuditStore {

    private final Database database;
    private final WakeUps wakeUps;

    /** @param wakeUps told of each committed merchant change */
    PgAuditStore(Database database, WakeUps wakeUps) {
        this.database = database;
        this.wakeUps = wakeUps;
    }

    @Override
    public Future<Merchant> update(UUID id, MerchantChanges changes, AuditEntry entry) {
        return audited(entry, merchants -> merchants.update(id, changes));
    }

    @Override
    public Future<Merchant> rotateWebhookSecret(
            UUID id, String webhookSecret, OffsetDateTime previousActiveUntil, AuditEntry entry) {
        return audited(entry, merchants -> merchants.rotateWebhookSecret(id, webhookSecret, previousActiveUntil));
    }

    @Override
    public Future<Merchant> rotateSecretKey(UUID id, byte[] secretHash, AuditEntry entry) {
        return audited(entry, merchants -> merchants.rotateSecretKey(id, secretHash));
    }

    @Override
    public Future<Void> record(AuditEntry entry) {
        return insert(database.statements(), entry);
    }

    @Override
    public Future<Void> setPayoutPhone(UUID merchantId, String payoutPhone, AuditEntry entry) {
        return database.transactions().withTransaction(connection -> connection
                .preparedQuery(MerchantSql.SET_PAYOUT_PHONE)
                .execute(Tuple.of(merchantId, payoutPhone))
                .compose(rows -> {
                    if (rows.size() == 0) {
                        throw ServiceException.notFound("Merchant");
                    }
                    return insert(connection, entry);
                }));
    }

    @Override
    public Future<AuditPage> list(UUID merchantId, Long startingAfter, Long endingBefore, int limit) {
        boolean back = endingBefore != null;
        Long cursor = back ? endingBefore : startingAfter;
        return database.statements()
                .preparedQuery(back ? AuditSql.PAGE_BEFORE : AuditSql.PAGE)
                .execute(Tuple.of(merchantId, cursor, limit + 1))
                .compose(rows -> ListCursor.named(
                        database.statements(),
                        rows,
                        AuditSql.CURSOR_ROW,
                        Tuple.of(cursor, merchantId),
                        "an audit log entry",
                        ListCursor.parameter(back)))
                .map(rows -> {
                    List<AuditRecord> entries = new ArrayList<>();
                    rows.forEach(row -> entries.add(new AuditRecord(
                            row.getLong("id"),
                            row.getUUID("merchant_id"),
                            row.getString("actor"),
                            row.getString("source_address"),
                            row.getString("action"),
                            row.getString("what"),
                            row.getOffsetDateTime("at"))));
                    return ListCursor.page(entries, limit, back, AuditPage::new);
                });
    }

    /** {@code change} and {@code entry} in one transaction; an unknown merchant (404) writes neither. */
    private Future<Merchant> audited(AuditEntry entry, Function<PgMerchantStore, Future<Merchant>> change) {
        return database.transactions()
                .withTransaction(connection -> change.apply(new PgMerchantStore(connection, WakeUps.NONE))
                        .compose(merchant -> insert(connection, entry).map(merchant)))
                .onSuccess(merchant -> wakeUps.merchantChanged(merchant.id()));
    }

    private static Future<Void> insert(SqlClient sql, AuditEntry entry) {
        return sql.preparedQuery(AuditSql.INSERT)
                .execute(Tuple.of(
                        entry.merchantId(), entry.actor(), entry.sourceAddress(), entry.action(), entry.what()))
                .mapEmpty();
    }
}
