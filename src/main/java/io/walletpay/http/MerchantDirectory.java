package io.walletpay.http;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.walletpay.bus.Addresses;
import io.walletpay.bus.WakeUpMessages.MerchantChanged;
import io.walletpay.merchant.Merchant;
import io.walletpay.store.MerchantStore;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * The merchants an HTTP verticle has looked up lately, so the hot path does not ask the store on every request.
 * Entries are dropped when any node commits a change to the merchant (disable, settings, key rotation): the store
 * publishes {@code MERCHANT_CHANGED}, which crosses nodes when clustered (WakeUpCodec), so every node refuses a
 * disabled merchant within milliseconds (ThreeNodeClusterTest). Entries also expire after {@code cluster.
 * merchant_cache_seconds} (5 s): the bound on staleness for a node that missed the message (not clustered, or a
 * message lost while a member left).
 * One per verticle: touched only on its event loop.
 */
final class MerchantDirectory {

    private record Entry(Merchant merchant, long loadedAt) {}

    private final MerchantStore merchants;
    private final long ttlMs;
    private final Map<UUID, Entry> entries = new HashMap<>();
    /** Bumped on every change; a lookup that started before a change must not cache what it read. */
    private long changes;

    MerchantDirectory(Vertx vertx, MerchantStore merchants, long ttlMs) {
        this.merchants = merchants;
        this.ttlMs = ttlMs;
        vertx.eventBus().<MerchantChanged>consumer(Addresses.MERCHANT_CHANGED, message -> {
            changes++;
            UUID changed = message.body().id();
            entries.remove(changed);
            // the live row's name, status and fees carry into its test twin in the same statement
            entries.values().removeIf(entry -> changed.equals(entry.merchant().liveMerchantId()));
        });
    }

    Future<Merchant> find(UUID id) {
        Entry entry = entries.get(id);
        long now = System.currentTimeMillis();
        if (entry != null && now - entry.loadedAt() < ttlMs) {
            return Future.succeededFuture(entry.merchant());
        }
        long changesBefore = changes;
        return merchants.get(id).onSuccess(merchant -> {
            if (changes != changesBefore) {
                return; // a change arrived while reading: what was read may be the old merchant
            }
            if (entries.size() > 10_000) {
                entries.clear();
            }
            entries.put(id, new Entry(merchant, now));
        });
    }
}
