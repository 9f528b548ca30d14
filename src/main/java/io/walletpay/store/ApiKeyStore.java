package io.walletpay.store;

import io.vertx.core.Future;
import io.walletpay.merchant.ApiKey;
import java.util.List;
import java.util.UUID;

/**
 * A merchant's restricted API keys: stored by the SHA-256 of the key, never the key. Every call names the merchant:
 * another merchant's key is never found.
 */
public interface ApiKeyStore {

    /** Stores a new key ({@code key.revokedAt()} is ignored: a new key is active) under {@code hash}. */
    Future<ApiKey> create(ApiKey key, byte[] hash);

    /** The merchant's keys, revoked ones included, oldest first. */
    Future<List<ApiKey>> list(UUID merchantId);

    /** The merchant's key, revoked or not; null when it has none of that id. */
    Future<ApiKey> get(UUID merchantId, UUID id);

    /** The merchant's active key whose hash is {@code hash}; null when there is none (unknown, revoked, foreign). */
    Future<ApiKey> activeByHash(UUID merchantId, byte[] hash);

    /**
     * Revokes the key, once: a key already revoked keeps the moment it was first revoked. Answers the key as it now
     * stands, or null when the merchant has none of that id.
     */
    Future<ApiKey> revoke(UUID merchantId, UUID id);
}
