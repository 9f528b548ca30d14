package io.walletpay.store;

import io.vertx.core.Future;
import io.walletpay.merchant.AuditEntry;
import io.walletpay.merchant.AuditPage;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.MerchantInput.MerchantChanges;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * The audit log and the merchant changes it records: each change commits with its entry (a change without its
 * entry, or an entry without its change, never commits).
 */
public interface AuditStore {

    Future<Merchant> update(UUID id, MerchantChanges changes, AuditEntry entry);

    /** {@code previousActiveUntil}: until when the secret being replaced still signs deliveries. */
    Future<Merchant> rotateWebhookSecret(
            UUID id, String webhookSecret, OffsetDateTime previousActiveUntil, AuditEntry entry);

    /** Stores a new secret key's hash; tokens issued under the old key stop working. */
    Future<Merchant> rotateSecretKey(UUID id, byte[] secretHash, AuditEntry entry);

    /** One merchant's entries, newest first, after the entry {@code startingAfter} (null: from the newest). */
    default Future<AuditPage> list(UUID merchantId, Long startingAfter, int limit) {
        return list(merchantId, startingAfter, null, limit);
    }

    /**
     * The same, or with {@code endingBefore} the page just before that entry, still newest first (an id that names
     * none of the merchant's entries: 400 {@code invalid_ending_before}); at most one of the two cursors is set.
     */
    Future<AuditPage> list(UUID merchantId, Long startingAfter, Long endingBefore, int limit);

    /** Writes {@code entry} on its own (for an action whose change is committed by another store). */
    Future<Void> record(AuditEntry entry);

    /** Sets where the merchant's payouts go (null clears it), with its entry, in one transaction; 404 if unknown. */
    Future<Void> setPayoutPhone(UUID merchantId, String payoutPhone, AuditEntry entry);
}
