package io.walletpay.store;

import io.vertx.core.Future;
import io.walletpay.store.PortalSessionStore.Lifetimes;
import java.time.Instant;

/**
 * Rows past their use, forgotten a bounded batch at a time so that no statement grows with the tables: portal
 * sessions that ended (idle or open too long; a live session is never touched) and webhook attempts older than the
 * time they are kept (the delivery keeps its count, last status and last error). Expired Idempotency-Keys are the
 * expiry sweep's ({@link PaymentExpiryStore#purgeExpiredKeys}).
 */
public interface RetentionStore {

    /** Forgets at most {@code limit} sessions past one of {@code lifetimes}; how many it forgot. */
    Future<Integer> forgetEndedSessions(Lifetimes lifetimes, int limit);

    /**
     * Looks at the {@code limit} oldest webhook attempts and forgets those made before {@code before}; how many it
     * forgot. Looking at a fixed number, not searching for old ones, keeps a run's cost bounded once caught up.
     */
    Future<Integer> forgetAttemptsBefore(Instant before, int limit);
}
