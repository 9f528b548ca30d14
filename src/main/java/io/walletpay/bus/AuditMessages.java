package io.walletpay.bus;

import io.walletpay.bus.MerchantMessages.RotateSecretKey;
import io.walletpay.bus.MerchantMessages.RotateWebhookSecret;
import io.walletpay.bus.MerchantMessages.UpdateMerchant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/**
 * Requests to the audit log and its audited changes: each change to a merchant travels with the entry that records
 * it, so the store writes both in one transaction (a change without its entry, or an entry without its change,
 * never commits).
 */
public final class AuditMessages {

    /**
     * One entry as written: {@code actor} is who ({@code <merchant id>}, {@code admin}, {@code portal:<merchant id>}),
     * {@code what} names the fields changed or the secret rotated, never a value.
     */
    public record AuditEntry(UUID merchantId, String actor, String sourceAddress, String action, String what) {}

    /** One entry as stored. */
    public record AuditRecord(
            long id,
            UUID merchantId,
            String actor,
            String sourceAddress,
            String action,
            String what,
            OffsetDateTime at) {}

    public record AuditedUpdate(UpdateMerchant update, AuditEntry entry) {}

    public record AuditedWebhookSecretRotation(RotateWebhookSecret rotation, AuditEntry entry) {}

    public record AuditedSecretKeyRotation(RotateSecretKey rotation, AuditEntry entry) {}

    /** One merchant's entries, newest first; {@code startingAfter} is the id of the last entry already seen, or null. */
    public record ListAudit(UUID merchantId, Long startingAfter, int limit) {}

    public record AuditPage(List<AuditRecord> entries, boolean hasMore) {}

    private AuditMessages() {}
}
