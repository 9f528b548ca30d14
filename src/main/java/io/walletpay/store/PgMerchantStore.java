package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.Credentials;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.MerchantInput.MerchantChanges;
import io.walletpay.merchant.MerchantInput.NewMerchant;
import io.walletpay.merchant.MerchantPage;
import io.walletpay.merchant.MerchantStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** {@link MerchantStore} on PostgreSQL; {@link PgAuditStore} runs it inside its transactions. */
final class PgMerchantStore implements MerchantStore {

    private final SqlClient sql;
    private final WakeUps wakeUps;

    /** @param wakeUps told of each committed change; {@link WakeUps#NONE} inside another store's transaction */
    PgMerchantStore(SqlClient sql, WakeUps wakeUps) {
        this.sql = sql;
        this.wakeUps = wakeUps;
    }

    @Override
    public Future<Merchant> create(
            UUID id,
            NewMerchant merchant,
            byte[] secretHash,
            String webhookSecret,
            byte[] testSecretHash,
            String testWebhookSecret) {
        return sql.preparedQuery(MerchantSql.INSERT_WITH_TWIN)
                .execute(Tuple.tuple()
                        .addValue(id)
                        .addValue(merchant.name())
                        .addValue(Buffer.buffer(secretHash))
                        .addValue(webhookSecret)
                        .addValue(merchant.webhookUrl())
                        .addValue(merchant.returnUrl())
                        .addValue(merchant.feePercent())
                        .addValue(merchant.feeFixed())
                        .addValue(merchant.locale())
                        .addValue(Buffer.buffer(testSecretHash))
                        .addValue(testWebhookSecret)
                        .addValue(io.walletpay.json.NewIdentifiers.next()))
                .map(rows -> toMerchant(rows.iterator().next()));
    }

    @Override
    public Future<Merchant> twin(UUID liveId) {
        return sql.preparedQuery(MerchantSql.TWIN).execute(Tuple.of(liveId)).map(PgMerchantStore::single);
    }

    @Override
    public Future<Credentials> testCredentials(UUID liveId) {
        return credentialsOf(MerchantSql.TEST_CREDENTIALS, liveId);
    }

    @Override
    public Future<Merchant> get(UUID id) {
        return sql.preparedQuery(MerchantSql.BY_ID).execute(Tuple.of(id)).map(PgMerchantStore::single);
    }

    @Override
    public Future<Credentials> credentials(UUID id) {
        return credentialsOf(MerchantSql.CREDENTIALS, id);
    }

    private Future<Credentials> credentialsOf(String query, UUID id) {
        return sql.preparedQuery(query).execute(Tuple.of(id)).map(rows -> {
            if (rows.size() == 0) {
                return new Credentials(null, null);
            }
            Row row = rows.iterator().next();
            return new Credentials(toMerchant(row), row.getBuffer("secret_hash").getBytes());
        });
    }

    @Override
    public Future<MerchantPage> list(int limit, UUID startingAfter, UUID endingBefore) {
        boolean back = endingBefore != null;
        UUID cursor = back ? endingBefore : startingAfter;
        return sql.preparedQuery(back ? MerchantSql.PAGE_BEFORE : MerchantSql.PAGE)
                .execute(Tuple.of(limit + 1, cursor))
                .compose(rows -> ListCursor.named(
                        sql, rows, MerchantSql.CURSOR_ROW, Tuple.of(cursor), "a merchant", ListCursor.parameter(back)))
                .map(rows -> {
                    List<Merchant> merchants = new ArrayList<>();
                    rows.forEach(row -> merchants.add(toMerchant(row)));
                    return ListCursor.page(merchants, limit, back, MerchantPage::new);
                });
    }

    @Override
    public Future<Merchant> update(UUID id, MerchantChanges changes) {
        Tuple params = Tuple.tuple()
                .addValue(id)
                .addValue(changes.name())
                .addValue(changes.status() == null ? null : changes.status().wireName())
                .addValue(changes.clearWebhookUrl())
                .addValue(changes.webhookUrl())
                .addValue(changes.clearReturnUrl())
                .addValue(changes.returnUrl())
                .addValue(changes.feePercent())
                .addValue(changes.feeFixed())
                .addValue(changes.clearLocale())
                .addValue(changes.locale())
                .addValue(changes.clearApprovalThreshold())
                .addValue(changes.approvalThreshold());
        return announce(sql.preparedQuery(MerchantSql.UPDATE).execute(params).map(PgMerchantStore::single));
    }

    Future<Merchant> rotateWebhookSecret(UUID id, String secret, java.time.OffsetDateTime previousActiveUntil) {
        return sql.preparedQuery(MerchantSql.ROTATE_WEBHOOK_SECRET)
                .execute(Tuple.of(id, secret, previousActiveUntil))
                .map(PgMerchantStore::single);
    }

    Future<Merchant> rotateSecretKey(UUID id, byte[] secretHash) {
        return sql.preparedQuery(MerchantSql.ROTATE_SECRET_KEY)
                .execute(Tuple.of(id, Buffer.buffer(secretHash)))
                .map(PgMerchantStore::single);
    }

    private Future<Merchant> announce(Future<Merchant> change) {
        return change.onSuccess(merchant -> wakeUps.merchantChanged(merchant.id()));
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
                row.getInteger("secret_key_version"),
                row.getUUID("live_merchant_id"),
                row.getBigDecimal("approval_threshold"));
    }
}
