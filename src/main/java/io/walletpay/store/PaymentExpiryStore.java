package io.walletpay.store;

import io.vertx.core.Future;
import io.walletpay.payment.Payment;
import java.util.List;

/** What the expiry sweep does to payments and Idempotency-Keys past their time, in bounded batches. */
public interface PaymentExpiryStore {

    /** Payments expired, or keys purged, per statement of a sweep. */
    int EXPIRY_BATCH = 500;

    /** Expires up to {@link #EXPIRY_BATCH} due payments in one statement, with their outbox rows. */
    Future<List<Payment>> expireDue();

    /**
     * Up to {@code limit} pending payments past their expiry, to be settled one by one, in the order of their expiry
     * (then id); those after {@code after} (the last of the previous batch) when it is not null, so one sweep walks
     * every due payment once even when some of them stay pending.
     */
    Future<List<Payment>> dueForExpiry(int limit, Payment after);

    /** Deletes up to {@link #EXPIRY_BATCH} expired Idempotency-Keys; how many. */
    Future<Integer> purgeExpiredKeys();
}
