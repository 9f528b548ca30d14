package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.AuditEntry;
import io.walletpay.merchant.AuditPage;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.MerchantInput.MerchantChanges;
import io.walletpay.store.AuditStore;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * {@link AuditStore} in memory: each change recorded with its entry, an unknown merchant 404, as PostgreSQL does.
 * The secrets kept are what a use case handed over, so a test can check what was stored.
 */
final class InMemoryAuditStore implements AuditStore {

    final Map<UUID, Merchant> merchants = new HashMap<>();
    final List<AuditEntry> entries = new ArrayList<>();
    final Map<UUID, byte[]> secretHashes = new HashMap<>();
    final Map<UUID, OffsetDateTime> previousActiveUntil = new HashMap<>();
    final Map<UUID, String> payoutPhones = new HashMap<>();

    Merchant add(Merchant merchant) {
        merchants.put(merchant.id(), merchant);
        return merchant;
    }

    @Override
    public Future<Merchant> update(UUID id, MerchantChanges changes, AuditEntry entry) {
        return Future.failedFuture(new UnsupportedOperationException("settings are tested against PostgreSQL"));
    }

    @Override
    public Future<Merchant> rotateWebhookSecret(
            UUID id, String webhookSecret, OffsetDateTime previousActiveUntil, AuditEntry entry) {
        Merchant merchant = merchants.get(id);
        if (merchant == null) {
            return Future.failedFuture(ServiceException.notFound("Merchant"));
        }
        Merchant rotated = new Merchant(
                merchant.id(),
                merchant.name(),
                merchant.status(),
                webhookSecret,
                merchant.webhookUrl(),
                merchant.returnUrl(),
                merchant.locale(),
                merchant.feePercent(),
                merchant.feeFixed(),
                merchant.createdAt(),
                OffsetDateTime.now(),
                merchant.secretKeyVersion());
        merchants.put(id, rotated);
        this.previousActiveUntil.put(id, previousActiveUntil);
        entries.add(entry);
        return Future.succeededFuture(rotated);
    }

    @Override
    public Future<Merchant> rotateSecretKey(UUID id, byte[] secretHash, AuditEntry entry) {
        Merchant merchant = merchants.get(id);
        if (merchant == null) {
            return Future.failedFuture(ServiceException.notFound("Merchant"));
        }
        secretHashes.put(id, secretHash);
        entries.add(entry);
        return Future.succeededFuture(merchant);
    }

    @Override
    public Future<AuditPage> list(UUID merchantId, Long startingAfter, int limit) {
        return Future.failedFuture(new UnsupportedOperationException("the log's pages are tested against PostgreSQL"));
    }

    @Override
    public Future<Void> record(AuditEntry entry) {
        entries.add(entry);
        return Future.succeededFuture();
    }

    @Override
    public Future<Void> setPayoutPhone(UUID merchantId, String payoutPhone, AuditEntry entry) {
        if (!merchants.containsKey(merchantId)) {
            return Future.failedFuture(ServiceException.notFound("Merchant"));
        }
        payoutPhones.put(merchantId, payoutPhone);
        entries.add(entry);
        return Future.succeededFuture();
    }
}
