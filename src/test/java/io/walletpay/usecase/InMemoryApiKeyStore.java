package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.merchant.ApiKey;
import io.walletpay.store.ApiKeyStore;
import java.nio.ByteBuffer;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** {@link ApiKeyStore} in memory, for the use cases' tests; held to the same contract as PostgreSQL's. */
final class InMemoryApiKeyStore implements ApiKeyStore {

    private final Map<UUID, ApiKey> keys = new LinkedHashMap<>();
    private final Map<ByteBuffer, UUID> byHash = new HashMap<>();

    @Override
    public Future<ApiKey> create(ApiKey key, byte[] hash) {
        ApiKey stored = new ApiKey(
                key.id(),
                key.merchantId(),
                key.scope(),
                key.description(),
                key.prefix(),
                OffsetDateTime.now(ZoneOffset.UTC),
                null);
        keys.put(key.id(), stored);
        byHash.put(ByteBuffer.wrap(hash.clone()), key.id());
        return Future.succeededFuture(stored);
    }

    @Override
    public Future<List<ApiKey>> list(UUID merchantId) {
        List<ApiKey> mine = new ArrayList<>();
        keys.values().stream()
                .filter(key -> key.merchantId().equals(merchantId))
                .forEach(mine::add);
        return Future.succeededFuture(mine);
    }

    @Override
    public Future<ApiKey> get(UUID merchantId, UUID id) {
        ApiKey key = keys.get(id);
        return Future.succeededFuture(key != null && key.merchantId().equals(merchantId) ? key : null);
    }

    @Override
    public Future<ApiKey> activeByHash(UUID merchantId, byte[] hash) {
        UUID id = byHash.get(ByteBuffer.wrap(hash));
        ApiKey key = id == null ? null : keys.get(id);
        return Future.succeededFuture(key != null && key.merchantId().equals(merchantId) && key.active() ? key : null);
    }

    @Override
    public Future<ApiKey> revoke(UUID merchantId, UUID id) {
        ApiKey key = keys.get(id);
        if (key == null || !key.merchantId().equals(merchantId)) {
            return Future.succeededFuture(null);
        }
        if (key.active()) {
            key = new ApiKey(
                    key.id(),
                    key.merchantId(),
                    key.scope(),
                    key.description(),
                    key.prefix(),
                    key.createdAt(),
                    OffsetDateTime.now(ZoneOffset.UTC));
            keys.put(id, key);
        }
        return Future.succeededFuture(key);
    }
}
