package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.bus.AuditMessages.AuditPage;
import io.walletpay.bus.AuditStoreClient;
import io.walletpay.bus.StoreClients;
import java.util.UUID;

/** Reading one merchant's audit log: its own entries only, newest first, a page at a time. */
public final class AuditLog {

    private final AuditStoreClient audit;

    public AuditLog(StoreClients stores) {
        this.audit = new AuditStoreClient(stores.bus());
    }

    /**
     * Entries of {@code merchantId} older than the entry {@code cursor} (null: from the newest), at most {@code
     * limit}; the page says whether more follow (the last entry's id is the next cursor).
     */
    public Future<AuditPage> list(UUID merchantId, Long cursor, int limit) {
        return audit.list(merchantId, cursor, limit);
    }
}
