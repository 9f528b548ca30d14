package io.walletpay.usecase;

import io.walletpay.store.AuditStore.AuditEntry;
import java.util.UUID;

/** The audit entries the use cases write: the action names, and an entry for an actor. */
final class Audited {

    static final String SETTINGS_UPDATE = "settings.update";
    static final String WEBHOOK_SECRET_ROTATE = "webhook_secret.rotate";
    static final String SECRET_KEY_ROTATE = "secret_key.rotate";
    static final String PAYOUT_PHONE_SET = "payout_phone.set";
    static final String PAYMENT_LINK_CREATE = "payment_link.create";
    static final String PAYMENT_LINK_DEACTIVATE = "payment_link.deactivate";

    private Audited() {}

    static AuditEntry entry(UUID merchantId, Actor actor, String action, String what) {
        return new AuditEntry(merchantId, actor.who(), actor.sourceAddress(), action, what);
    }
}
