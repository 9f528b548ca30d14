package io.walletpay.bus;

import io.vertx.core.Future;
import io.walletpay.bus.AuditMessages.AuditEntry;
import io.walletpay.bus.AuditMessages.AuditPage;
import io.walletpay.bus.AuditMessages.AuditedSecretKeyRotation;
import io.walletpay.bus.AuditMessages.AuditedUpdate;
import io.walletpay.bus.AuditMessages.AuditedWebhookSecretRotation;
import io.walletpay.bus.AuditMessages.ListAudit;
import io.walletpay.bus.MerchantMessages.RotateSecretKey;
import io.walletpay.bus.MerchantMessages.RotateWebhookSecret;
import io.walletpay.bus.MerchantMessages.UpdateMerchant;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.MerchantInput.MerchantChanges;
import java.time.OffsetDateTime;
import java.util.UUID;

/** The audit log as its callers see it: audited merchant changes (change and entry commit together) and the log. */
public final class AuditStoreClient {

    private final BusCalls bus;

    public AuditStoreClient(BusCalls bus) {
        this.bus = bus;
    }

    public Future<Merchant> update(UUID id, MerchantChanges changes, AuditEntry entry) {
        return bus.request(Addresses.AUDIT_MERCHANT_UPDATE, new AuditedUpdate(new UpdateMerchant(id, changes), entry));
    }

    public Future<Merchant> rotateWebhookSecret(
            UUID id, String webhookSecret, OffsetDateTime previousActiveUntil, AuditEntry entry) {
        return bus.request(
                Addresses.AUDIT_ROTATE_WEBHOOK_SECRET,
                new AuditedWebhookSecretRotation(
                        new RotateWebhookSecret(id, webhookSecret, previousActiveUntil), entry));
    }

    public Future<Merchant> rotateSecretKey(UUID id, byte[] secretHash, AuditEntry entry) {
        return bus.request(
                Addresses.AUDIT_ROTATE_SECRET_KEY,
                new AuditedSecretKeyRotation(new RotateSecretKey(id, secretHash), entry));
    }

    /** One merchant's entries, newest first, after the entry {@code startingAfter} (null: from the newest). */
    public Future<AuditPage> list(UUID merchantId, Long startingAfter, int limit) {
        return bus.request(Addresses.AUDIT_LIST, new ListAudit(merchantId, startingAfter, limit));
    }

    /** Writes {@code entry} on its own (for an action whose change is committed by another store). */
    public Future<Void> record(AuditEntry entry) {
        return bus.request(Addresses.AUDIT_RECORD, entry);
    }
}
