package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import io.walletpay.bus.AuditMessages.AuditEntry;
import io.walletpay.bus.AuditMessages.AuditPage;
import io.walletpay.bus.AuditMessages.AuditRecord;
import io.walletpay.bus.AuditMessages.AuditedSecretKeyRotation;
import io.walletpay.bus.AuditMessages.AuditedUpdate;
import io.walletpay.bus.AuditMessages.AuditedWebhookSecretRotation;
import io.walletpay.bus.AuditMessages.ListAudit;
import io.walletpay.merchant.Merchant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The audit log, and the changes it records: each audited change and its entry commit in one transaction, so the
 * log never misses a change nor names one that did not happen.
 */
final class AuditStore {

    private final Database database;

    AuditStore(Database database) {
        this.database = database;
    }

    Future<Merchant> update(AuditedUpdate command) {
        return audited(command.entry(), merchants -> merchants.update(command.update()));
    }

    Future<Merchant> rotateWebhookSecret(AuditedWebhookSecretRotation command) {
        var rotation = command.rotation();
        return audited(
                command.entry(),
                merchants -> merchants.rotateWebhookSecret(
                        rotation.id(), rotation.webhookSecret(), rotation.previousActiveUntil()));
    }

    Future<Merchant> rotateSecretKey(AuditedSecretKeyRotation command) {
        var rotation = command.rotation();
        return audited(command.entry(), merchants -> merchants.rotateSecretKey(rotation.id(), rotation.secretHash()));
    }

    Future<Void> record(AuditEntry entry) {
        return insert(database.statements(), entry);
    }

    Future<AuditPage> page(ListAudit query) {
        return database.statements()
                .preparedQuery(AuditSql.PAGE)
                .execute(Tuple.of(query.merchantId(), query.startingAfter(), query.limit() + 1))
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
                    boolean more = entries.size() > query.limit();
                    return new AuditPage(more ? entries.subList(0, query.limit()) : entries, more);
                });
    }

    /** {@code change} and {@code entry} in one transaction; an unknown merchant (404) writes neither. */
    private Future<Merchant> audited(AuditEntry entry, Function<MerchantStore, Future<Merchant>> change) {
        return database.transactions().withTransaction(connection -> change.apply(new MerchantStore(connection))
                .compose(merchant -> insert(connection, entry).map(merchant)));
    }

    private static Future<Void> insert(SqlClient sql, AuditEntry entry) {
        return sql.preparedQuery(AuditSql.INSERT)
                .execute(Tuple.of(
                        entry.merchantId(), entry.actor(), entry.sourceAddress(), entry.action(), entry.what()))
                .mapEmpty();
    }
}
