package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import io.walletpay.bus.MerchantMessages.CreateMerchant;
import io.walletpay.bus.MerchantMessages.Credentials;
import io.walletpay.bus.MerchantMessages.ListMerchants;
import io.walletpay.bus.MerchantMessages.MerchantPage;
import io.walletpay.bus.MerchantMessages.UpdateMerchant;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.MerchantStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** Reads and writes merchants. */
final class MerchantStore {

    private final SqlClient sql;

    MerchantStore(SqlClient sql) {
        this.sql = sql;
    }

    Future<Merchant> create(CreateMerchant command) {
        var merchant = command.merchant();
        return sql.preparedQuery(MerchantSql.INSERT)
                .execute(Tuple.tuple()
                        .addValue(command.id())
                        .addValue(merchant.name())
                        .addValue(Buffer.buffer(command.secretHash()))
                        .addValue(command.webhookSecret())
                        .addValue(merchant.webhookUrl())
                        .addValue(merchant.returnUrl())
                        .addValue(merchant.feePercent())
                        .addValue(merchant.feeFixed())
                        .addValue(merchant.locale()))
                .map(rows -> toMerchant(rows.iterator().next()));
    }

    Future<Merchant> get(UUID id) {
        return sql.preparedQuery(MerchantSql.BY_ID).execute(Tuple.of(id)).map(MerchantStore::single);
    }

    Future<Credentials> credentials(UUID id) {
        return sql.preparedQuery(MerchantSql.CREDENTIALS).execute(Tuple.of(id)).map(rows -> {
            if (rows.size() == 0) {
                return new Credentials(null, null);
            }
            Row row = rows.iterator().next();
            return new Credentials(toMerchant(row), row.getBuffer("secret_hash").getBytes());
        });
    }

    Future<MerchantPage> page(ListMerchants query) {
        return sql.preparedQuery(MerchantSql.PAGE)
                .execute(Tuple.of(query.limit() + 1, query.startingAfter()))
                .map(rows -> {
                    List<Merchant> merchants = new ArrayList<>();
                    rows.forEach(row -> merchants.add(toMerchant(row)));
                    boolean more = merchants.size() > query.limit();
                    return new MerchantPage(more ? merchants.subList(0, query.limit()) : merchants, more);
                });
    }

    Future<Merchant> update(UpdateMerchant command) {
        var changes = command.changes();
        Tuple params = Tuple.tuple()
                .addValue(command.id())
                .addValue(changes.name())
                .addValue(changes.status() == null ? null : changes.status().wireName())
                .addValue(changes.clearWebhookUrl())
                .addValue(changes.webhookUrl())
                .addValue(changes.clearReturnUrl())
                .addValue(changes.returnUrl())
                .addValue(changes.feePercent())
                .addValue(changes.feeFixed())
                .addValue(changes.clearLocale())
                .addValue(changes.locale());
        return sql.preparedQuery(MerchantSql.UPDATE).execute(params).map(MerchantStore::single);
    }

    Future<Merchant> rotateWebhookSecret(UUID id, String secret, java.time.OffsetDateTime previousActiveUntil) {
        return sql.preparedQuery(MerchantSql.ROTATE_WEBHOOK_SECRET)
                .execute(Tuple.of(id, secret, previousActiveUntil))
                .map(MerchantStore::single);
    }

    Future<Merchant> rotateSecretKey(UUID id, byte[] secretHash) {
        return sql.preparedQuery(MerchantSql.ROTATE_SECRET_KEY)
                .execute(Tuple.of(id, Buffer.buffer(secretHash)))
                .map(MerchantStore::single);
    }

    private static Merchant single(RowSet<Row> rows) {
        if (rows.size() == 0) {
            throw ServiceException.notFound("Merchant");
        }
        return toMerchant(rows.iterator().next());
    }

    static Merchant toMerchant(Row row) {
        return new Merchant(
                row.getUUID("id"),
                row.getString("name"),
                MerchantStatus.fromWire(row.getString("status")).orElseThrow(),
                row.getString("webhook_secret"),
                row.getString("webhook_url"),
                row.getString("return_url"),
                row.getString("locale"),
                row.getBigDecimal("fee_percent"),
                row.getBigDecimal("fee_fixed"),
                row.getOffsetDateTime("created_at"),
                row.getOffsetDateTime("updated_at"),
                row.getInteger("secret_key_version"));
    }
}
