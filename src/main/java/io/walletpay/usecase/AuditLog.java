package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.merchant.AuditPage;
import io.walletpay.store.AuditStore;
import io.walletpay.store.Stores;
import java.util.UUID;

/** Reading one merchant's audit log: its own entries only, newest first, a page at a time. */
public final class AuditLog {

    private final AuditStore audit;

    public AuditLog(Stores stores) {
        this.audit = stores.audit();
    }

    /**
     * Entries of {@code merchantId} older than the entry {@code cursor} (null: from the newest), at most {@code
     * limit}; the page says whether more follow (the last entry's id is the next cursor).
     */
    public Future<AuditPage> list(UUID merchantId, Long cursor, int limit) {
        return list(merchantId, cursor, null, limit);
    }

    /** The page after {@code startingAfter} or the one just before {@code endingBefore} (at most one set). */
    public Future<AuditPage> list(UUID merchantId, Long startingAfter, Long endingBefore, int limit) {
        return audit.list(merchantId, startingAfter, endingBefore, limit);
    }
}
