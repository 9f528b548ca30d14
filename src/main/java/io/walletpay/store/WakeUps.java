package io.walletpay.store;

import io.walletpay.payment.Payment;
import java.util.UUID;

/**
 * What the stores tell the rest of the service once a change has committed: wake-ups, never the truth (the rows
 * are), so a missed one only delays its reader until the next poll or cache expiry.
 */
public interface WakeUps {

    /** Tells nobody: for a store whose changes no one else waits for (tests, the webhook sender's own store). */
    WakeUps NONE = new WakeUps() {
        @Override
        public void paymentUpdated(Payment payment) {}

        @Override
        public void merchantChanged(UUID merchantId) {}

        @Override
        public void deliveriesDue() {}
    };

    /** A payment left {@code pending}; its outbox row is committed. */
    void paymentUpdated(Payment payment);

    /** A merchant changed; caches drop their copy. */
    void merchantChanged(UUID merchantId);

    /** Deliveries were queued again; senders look without waiting for their next poll. */
    void deliveriesDue();
}
