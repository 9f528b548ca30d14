package io.walletpay.store;

import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import io.walletpay.checkout.Checkout;
import io.walletpay.merchant.MerchantStatus;
import io.walletpay.payment.NewPayment;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.payment.ShortCode;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A payment's row: the columns read, the one insert (a payment alone or many at once, through a payment link or not)
 * and the mapping of a row to a {@link Payment} or a {@link Checkout}. A new column of payments is added here, once,
 * for every store that reads or writes payments.
 */
final class PaymentRow {

    /** The columns every read of a payment selects, in the order {@link #toPayment} reads them. */
    static final String COLUMNS =
            "id, short_code, merchant_id, reference_id, amount, fees, net_amount, status, customer_name,"
                    + " customer_email, description, checkout_token, redirect_url, provider_transaction_id, created_at,"
                    + " updated_at, completed_at, expires_at, payer, failure_reason, needs_review, review_reason,"
                    + " payment_link_id, declines, amount_refunded, provider, livemode";

    /** The columns a new payment is written with, and their types, in the order of {@link #of}'s values. */
    private static final String[][] WRITTEN = {
        {"id", "uuid"},
        {"merchant_id", "uuid"},
        {"reference_id", "text"},
        {"amount", "numeric"},
        {"fees", "numeric"},
        {"net_amount", "numeric"},
        {"customer_name", "text"},
        {"customer_email", "text"},
        {"description", "text"},
        {"checkout_token", "text"},
        {"redirect_url", "text"},
        {"created_at", "timestamptz"},
        {"expires_at", "timestamptz"},
        {"short_code", "text"},
        {"short_code_number", "bigint"},
        {"provider", "text"},
        {"livemode", "bool"},
        {"payment_link_id", "uuid"}
    };

    private static String insertInto(String rows) {
        return "INSERT INTO payments ("
                + Arrays.stream(WRITTEN).map(column -> column[0]).collect(Collectors.joining(", "))
                + ") " + rows;
    }

    /** One payment, answered as stored. */
    static final String INSERT = insertInto(IntStream.rangeClosed(1, WRITTEN.length)
                    .mapToObj(n -> "$" + n)
                    .collect(Collectors.joining(", ", "VALUES (", ")")))
            + " RETURNING " + COLUMNS;

    /**
     * Many payments in one statement, each parameter an array with one element per payment. The payment link's array
     * is null (no payment through a link is batched): unnest pads it with nulls.
     */
    static final String INSERT_ALL = insertInto(IntStream.range(0, WRITTEN.length)
            .mapToObj(i -> "$" + (i + 1) + "::" + WRITTEN[i][1] + "[]")
            .collect(Collectors.joining(", ", "SELECT * FROM unnest(", ")")));

    /** {@link #INSERT}'s values for {@code payment}, made through the link {@code linkId} or none (null). */
    static Tuple of(NewPayment payment, UUID linkId) {
        var request = payment.request();
        return Tuple.tuple()
                .addValue(payment.id())
                .addValue(payment.merchantId())
                .addValue(request.referenceId())
                .addValue(payment.charge().amount())
                .addValue(payment.charge().fees())
                .addValue(payment.charge().netAmount())
                .addValue(request.customerName())
                .addValue(request.customerEmail())
                .addValue(request.description())
                .addValue(payment.checkoutToken())
                .addValue(payment.redirectUrl())
                .addValue(payment.createdAt())
                .addValue(payment.expiresAt())
                .addValue(payment.shortCode())
                .addValue(ShortCode.number(payment.shortCode()))
                .addValue(payment.provider())
                .addValue(payment.livemode())
                .addValue(linkId);
    }

    /** {@link #INSERT_ALL}'s arrays, filled one payment at a time. */
    static final class Batch {
        private final UUID[] ids;
        private final UUID[] merchants;
        private final String[] references;
        private final BigDecimal[] amounts;
        private final BigDecimal[] fees;
        private final BigDecimal[] nets;
        private final String[] names;
        private final String[] emails;
        private final String[] descriptions;
        private final String[] tokens;
        private final String[] redirects;
        private final OffsetDateTime[] created;
        private final OffsetDateTime[] expires;
        private final String[] codes;
        private final Long[] codeNumbers;
        private final String[] providers;
        private final Boolean[] livemodes;

        Batch(int n) {
            ids = new UUID[n];
            merchants = new UUID[n];
            references = new String[n];
            amounts = new BigDecimal[n];
            fees = new BigDecimal[n];
            nets = new BigDecimal[n];
            names = new String[n];
            emails = new String[n];
            descriptions = new String[n];
            tokens = new String[n];
            redirects = new String[n];
            created = new OffsetDateTime[n];
            expires = new OffsetDateTime[n];
            codes = new String[n];
            codeNumbers = new Long[n];
            providers = new String[n];
            livemodes = new Boolean[n];
        }

        void set(int i, NewPayment payment) {
            var request = payment.request();
            ids[i] = payment.id();
            merchants[i] = payment.merchantId();
            references[i] = request.referenceId();
            amounts[i] = payment.charge().amount();
            fees[i] = payment.charge().fees();
            nets[i] = payment.charge().netAmount();
            names[i] = request.customerName();
            emails[i] = request.customerEmail();
            descriptions[i] = request.description();
            tokens[i] = payment.checkoutToken();
            redirects[i] = payment.redirectUrl();
            created[i] = payment.createdAt();
            expires[i] = payment.expiresAt();
            codes[i] = payment.shortCode();
            codeNumbers[i] = ShortCode.number(payment.shortCode());
            providers[i] = payment.provider();
            livemodes[i] = payment.livemode();
        }

        Tuple arrays() {
            return Tuple.tuple() // not Tuple.of: it spreads a second array
                    .addValue(ids)
                    .addValue(merchants)
                    .addValue(references)
                    .addValue(amounts)
                    .addValue(fees)
                    .addValue(nets)
                    .addValue(names)
                    .addValue(emails)
                    .addValue(descriptions)
                    .addValue(tokens)
                    .addValue(redirects)
                    .addValue(created)
                    .addValue(expires)
                    .addValue(codes)
                    .addValue(codeNumbers)
                    .addValue(providers)
                    .addValue(livemodes)
                    .addValue(null);
        }
    }

    /** {@link #COLUMNS}, each qualified with {@code alias}, so a join or an UPDATE … FROM keeps the payment's. */
    static String qualified(String alias) {
        return Arrays.stream(COLUMNS.split(","))
                .map(column -> alias + "." + column.strip())
                .collect(Collectors.joining(", "));
    }

    static Payment toPayment(Row row) {
        return new Payment(
                row.getUUID("id"),
                row.getString("short_code"),
                row.getUUID("merchant_id"),
                row.getString("reference_id"),
                row.getBigDecimal("amount"),
                row.getBigDecimal("fees"),
                row.getBigDecimal("net_amount"),
                PaymentStatus.fromWire(row.getString("status")).orElseThrow(),
                row.getString("customer_name"),
                row.getString("customer_email"),
                row.getString("description"),
                row.getString("checkout_token"),
                row.getString("redirect_url"),
                row.getString("provider_transaction_id"),
                row.getOffsetDateTime("created_at"),
                row.getOffsetDateTime("updated_at"),
                row.getOffsetDateTime("completed_at"),
                row.getOffsetDateTime("expires_at"),
                row.getString("payer"),
                row.getString("failure_reason"),
                Boolean.TRUE.equals(row.getBoolean("needs_review")),
                row.getString("review_reason"),
                row.getUUID("payment_link_id"),
                row.getInteger("declines"),
                row.getBigDecimal("amount_refunded"),
                row.getString("provider"),
                row.getBoolean("livemode"));
    }

    /** The one payment of {@code rows}; {@code what} not found (404) when there is none. */
    static Payment onePayment(RowSet<Row> rows) {
        return toPayment(StoreRows.one(rows, "Payment"));
    }

    /** A payment read with its merchant's side ({@code PaymentSql.CHECKOUT}'s columns). */
    static Checkout toCheckout(Row row) {
        return new Checkout(
                toPayment(row),
                row.getString("merchant_name"),
                row.getString("merchant_return_url"),
                row.getBoolean("past_expiry"),
                row.getString("merchant_locale"),
                MerchantStatus.ACTIVE.wireName().equals(row.getString("merchant_status")));
    }

    /** The one checkout of {@code rows}; not found (404) when there is none. */
    static Checkout oneCheckout(RowSet<Row> rows) {
        return toCheckout(StoreRows.one(rows, "Checkout"));
    }

    private PaymentRow() {}
}
