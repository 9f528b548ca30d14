package io.walletpay.usecase;

import io.walletpay.store.AuditStore;
import io.walletpay.store.PaymentLinkStore;
import io.walletpay.store.PersonStore;
import io.walletpay.store.PortalSessionStore;
import io.walletpay.store.Stores;
import io.walletpay.store.TransferStore;

/** A {@link Stores} of in-memory fakes for a use case that takes the whole record; stores it never calls are null. */
final class StoresOver {

    static Stores of(AuditStore audit, PaymentLinkStore links, TransferStore transfers) {
        return new Stores(
                null, audit, null, null, null, null, null, null, links, null, null, transfers, null, null, null, null,
                null);
    }

    /** The merchants and their audit log, over one in-memory store. */
    static Stores merchants(InMemoryAuditStore merchants) {
        return new Stores(
                merchants, merchants, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null);
    }

    /** A team: the merchants and their audit log over one in-memory store, the people and their sessions. */
    static Stores team(InMemoryAuditStore merchants, PersonStore people, PortalSessionStore sessions) {
        return new Stores(
                merchants, merchants, null, null, null, null, null, null, null, sessions, null, null, null, null, null,
                null, people);
    }

    private StoresOver() {}
}
