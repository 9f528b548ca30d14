package io.walletpay.store;

/** The SQL of checkout look-ups: a payment joined with its merchant's name, Return URL, page language and status. */
final class CheckoutSql {

    /** {@link PaymentSql#COLUMNS} qualified with {@code p.}, so the join keeps the payment's names. */
    private static final String PAYMENT_COLUMNS = PaymentSql.qualified("p");

    private static final String SELECT = "SELECT " + PAYMENT_COLUMNS + ", m.name AS merchant_name,"
            + " m.return_url AS merchant_return_url, m.locale AS merchant_locale, m.status AS merchant_status,"
            + " p.expires_at <= now() AS past_expiry"
            + " FROM payments p JOIN merchants m ON m.id = p.merchant_id";

    static final String BY_TOKEN = SELECT + " WHERE p.checkout_token = $1";

    static final String BY_PAYMENT = SELECT + " WHERE p.id = $1";

    private CheckoutSql() {}
}
