package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.AuditEntry;
import io.walletpay.merchant.AuditPage;
import io.walletpay.merchant.AuditRecord;
import io.walletpay.merchant.Credentials;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.MerchantInput.MerchantChanges;
import io.walletpay.merchant.MerchantInput.NewMerchant;
import io.walletpay.merchant.MerchantPage;
import io.walletpay.store.AuditStore;
import io.walletpay.store.MerchantStore;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * {@link AuditStore}, and the merchant changes of {@link MerchantStore} it records, in memory: each change recorded
 * with its entry, an unknown merchant 404 writing nothing, the log read newest first a page at a time, as
 * PostgreSQL does ({@code AuditStoreContract} holds both to it). The secrets kept are what a use case handed over,
 * so a test can check what was stored.
 */
final class InMemoryAuditStore implements AuditStore, MerchantStore {

    final Map<UUID, Merchant> merchants = new HashMap<>();
    final List<AuditEntry> entries = new ArrayList<>();
    final Map<UUID, byte[]> secretHashes = new HashMap<>();
    final Map<UUID, OffsetDateTime> previousActiveUntil = new HashMap<>();
    final Map<UUID, String> payoutPhones = new HashMap<>();
    private final List<AuditRecord> log = new ArrayList<>();

    Merchant add(Merchant merchant) {
        merchants.put(merchant.id(), merchant);
        return merchant;
    }

    @Override
    public Future<Merchant> update(UUID id, MerchantChanges changes, AuditEntry entry) {
        return update(id, changes).onSuccess(changed -> record(entry));
    }

    @Override
    public Future<Merchant> update(UUID id, MerchantChanges changes) {
        Merchant m = merchants.get(id);
        if (m == null) {
            return Future.failedFuture(ServiceException.notFound("Merchant"));
        }
        Merchant changed = new Merchant(
                m.id(),
                changes.name() != null ? changes.name() : m.name(),
                changes.status() != null ? changes.status() : m.status(),
                m.webhookSecret(),
                changes.clearWebhookUrl() ? null : changes.webhookUrl() != null ? changes.webhookUrl() : m.webhookUrl(),
                changes.clearReturnUrl() ? null : changes.returnUrl() != null ? changes.returnUrl() : m.returnUrl(),
                changes.clearLocale() ? null : changes.locale() != null ? changes.locale() : m.locale(),
                changes.feePercent() != null ? changes.feePercent() : m.feePercent(),
                changes.feeFixed() != null ? changes.feeFixed() : m.feeFixed(),
                m.createdAt(),
                now(),
                m.secretKeyVersion());
        merchants.put(id, changed);
        return Future.succeededFuture(changed);
    }

    @Override
    public Future<Merchant> rotateWebhookSecret(
            UUID id, String webhookSecret, OffsetDateTime previousActiveUntil, AuditEntry entry) {
        Merchant m = merchants.get(id);
        if (m == null) {
            return Future.failedFuture(ServiceException.notFound("Merchant"));
        }
        Merchant rotated = new Merchant(
                m.id(),
                m.name(),
                m.status(),
                webhookSecret,
                m.webhookUrl(),
                m.returnUrl(),
                m.locale(),
                m.feePercent(),
                m.feeFixed(),
                m.createdAt(),
                now(),
                m.secretKeyVersion());
        merchants.put(id, rotated);
        this.previousActiveUntil.put(id, previousActiveUntil);
        record(entry);
        return Future.succeededFuture(rotated);
    }

    @Override
    public Future<Merchant> rotateSecretKey(UUID id, byte[] secretHash, AuditEntry entry) {
        Merchant merchant = merchants.get(id);
        if (merchant == null) {
            return Future.failedFuture(ServiceException.notFound("Merchant"));
        }
        secretHashes.put(id, secretHash);
        record(entry);
        return Future.succeededFuture(merchant);
    }

    @Override
    public Future<AuditPage> list(UUID merchantId, Long startingAfter, Long endingBefore, int limit) {
        boolean back = endingBefore != null;
        Long cursor = back ? endingBefore : startingAfter;
        String parameter = back ? "ending_before" : "starting_after";
        if (cursor != null
                && log.stream()
                        .noneMatch(r -> r.id() == cursor && r.merchantId().equals(merchantId))) {
            return Future.failedFuture(ServiceException.invalid(
                    parameter, parameter + " must be the id of an audit log entry on this list, as a page gave it"));
        }
        List<AuditRecord> oldestFirst = new ArrayList<>(log);
        List<AuditRecord> newestFirst = new ArrayList<>(log);
        java.util.Collections.reverse(newestFirst);
        List<AuditRecord> mine = (back ? oldestFirst : newestFirst)
                .stream()
                        .filter(r -> r.merchantId().equals(merchantId))
                        .filter(r -> cursor == null || (back ? r.id() > cursor : r.id() < cursor))
                        .limit(limit + 1L)
                        .toList();
        boolean more = mine.size() > limit;
        List<AuditRecord> page = new ArrayList<>(more ? mine.subList(0, limit) : mine);
        if (back) {
            java.util.Collections.reverse(page);
        }
        return Future.succeededFuture(new AuditPage(page, more));
    }

    @Override
    public Future<Void> record(AuditEntry entry) {
        entries.add(entry);
        log.add(new AuditRecord(
                log.size() + 1L,
                entry.merchantId(),
                entry.actor(),
                entry.sourceAddress(),
                entry.action(),
                entry.what(),
                now()));
        return Future.succeededFuture();
    }

    @Override
    public Future<Void> setPayoutPhone(UUID merchantId, String payoutPhone, AuditEntry entry) {
        if (!merchants.containsKey(merchantId)) {
            return Future.failedFuture(ServiceException.notFound("Merchant"));
        }
        payoutPhones.put(merchantId, payoutPhone);
        return record(entry);
    }

    @Override
    public Future<Merchant> get(UUID id) {
        Merchant merchant = merchants.get(id);
        return merchant == null
                ? Future.failedFuture(ServiceException.notFound("Merchant"))
                : Future.succeededFuture(merchant);
    }

    @Override
    public Future<Merchant> create(
            UUID id,
            NewMerchant merchant,
            byte[] secretHash,
            String webhookSecret,
            byte[] testSecretHash,
            String testWebhookSecret) {
        return Future.failedFuture(new UnsupportedOperationException("merchants are created against PostgreSQL"));
    }

    @Override
    public Future<Merchant> twin(UUID liveId) {
        return merchants.values().stream()
                .filter(merchant -> liveId.equals(merchant.liveMerchantId()))
                .findFirst()
                .map(Future::succeededFuture)
                .orElseGet(() -> Future.failedFuture(ServiceException.notFound("Merchant")));
    }

    @Override
    public Future<Credentials> testCredentials(UUID liveId) {
        return Future.failedFuture(new UnsupportedOperationException("credentials are checked against PostgreSQL"));
    }

    @Override
    public Future<MerchantPage> list(int limit, UUID startingAfter, UUID endingBefore) {
        return Future.failedFuture(new UnsupportedOperationException("merchants are listed against PostgreSQL"));
    }

    @Override
    public Future<Credentials> credentials(UUID id) {
        return Future.failedFuture(new UnsupportedOperationException("credentials are checked against PostgreSQL"));
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
