package io.walletpay.store;

import io.walletpay.config.AppConfig;

/**
 * The three stores over the payments table on one database, sharing one transition queue, so the merchant's cancel
 * and the customer's choice of one payment meet in the same statement.
 */
record PgPayments(PgPaymentStore payments, PgCheckoutStore checkouts, PgPaymentExpiryStore expiry) {

    /**
     * @param outbox writes the transitions' webhook rows, leased to this JVM's sender or not
     * @param wakeUps told of each committed transition whose row is not handed over to a sender here
     * @param createReturns see {@link PgPaymentStore}; null, creates never wait
     */
    static PgPayments on(
            Database database,
            AppConfig.Payments config,
            boolean groupCommit,
            Outbox outbox,
            WakeUps wakeUps,
            GroupCommit.Delays createReturns) {
        PaymentTransitions transitions = new PaymentTransitions(database, groupCommit, outbox, wakeUps);
        return new PgPayments(
                new PgPaymentStore(database, config, groupCommit, transitions, createReturns),
                new PgCheckoutStore(database, transitions),
                new PgPaymentExpiryStore(database, transitions));
    }

    /** Unleased outbox rows, no wake-ups, creates never waiting: a test's stores. */
    static PgPayments on(Database database, AppConfig.Payments config, boolean groupCommit) {
        return on(database, config, groupCommit, Outbox.UNLEASED, WakeUps.NONE, null);
    }
}
