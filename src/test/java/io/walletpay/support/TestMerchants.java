package io.walletpay.support;

import io.vertx.core.Future;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.MerchantStatus;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * The merchants tests start from, the one place they are made: as a record for the use cases' in-memory stores
 * (active, fees 2.50 % plus 5.00 HTG, pages in Kreyòl), and as a row of the {@code merchants} table for the stores'
 * tests on PostgreSQL (active, no fees, a dummy secret hash; each column a test needs set on the row).
 */
public final class TestMerchants {

    private TestMerchants() {}

    /** A new active merchant. */
    public static Merchant active() {
        return withStatus(MerchantStatus.ACTIVE);
    }

    /** A new merchant of that status. */
    public static Merchant withStatus(MerchantStatus status) {
        OffsetDateTime now = OffsetDateTime.now();
        return new Merchant(
                UUID.randomUUID(),
                "Boutik Lakay",
                status,
                "whsec_x",
                null,
                null,
                "ht",
                new BigDecimal("2.50"),
                new BigDecimal("5.00"),
                now,
                now,
                1);
    }

    /** A new active merchant with id {@code id}. */
    public static Merchant merchant(UUID id) {
        Merchant m = active();
        return new Merchant(
                id,
                m.name(),
                m.status(),
                m.webhookSecret(),
                m.webhookUrl(),
                m.returnUrl(),
                m.locale(),
                m.feePercent(),
                m.feeFixed(),
                m.createdAt(),
                m.updatedAt(),
                m.secretKeyVersion());
    }

    /** The test twin of {@code live}: a row of its own, in test mode, naming {@code live}. */
    public static Merchant twinOf(Merchant live) {
        return new Merchant(
                UUID.randomUUID(),
                live.name(),
                live.status(),
                "whsec_test",
                null,
                null,
                live.locale(),
                live.feePercent(),
                live.feeFixed(),
                live.createdAt(),
                live.updatedAt(),
                0,
                live.id());
    }

    /** A {@code merchants} row to insert, with id {@code id}. */
    public static Row row(UUID id) {
        return new Row(id, "active", null, null, null);
    }

    /** A merchant's row: what a store's test sets beyond the defaults. */
    public record Row(
            UUID id, String status, String webhookUrl, String payoutPhone, OffsetDateTime webhookFailingSince) {

        public Row disabled() {
            return new Row(id, "disabled", webhookUrl, payoutPhone, webhookFailingSince);
        }

        public Row webhookUrl(String url) {
            return new Row(id, status, url, payoutPhone, webhookFailingSince);
        }

        public Row payoutPhone(String phone) {
            return new Row(id, status, webhookUrl, phone, webhookFailingSince);
        }

        public Row webhookFailingSince(OffsetDateTime since) {
            return new Row(id, status, webhookUrl, payoutPhone, since);
        }

        /** Inserts the row. */
        public Future<Void> insert(SqlClient sql) {
            return sql.preparedQuery(
                            "INSERT INTO merchants (id, name, status, secret_hash, webhook_secret, fee_percent,"
                                    + " fee_fixed, webhook_url, payout_phone, webhook_failing_since)"
                                    + " VALUES ($1, 'Test stall', $2, '\\x00'::bytea, 'whsec', 0, 0, $3, $4, $5)")
                    .execute(Tuple.of(id, status, webhookUrl, payoutPhone, webhookFailingSince))
                    .mapEmpty();
        }
    }
}
