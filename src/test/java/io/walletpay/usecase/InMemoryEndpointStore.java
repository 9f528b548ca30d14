package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.store.EndpointStore;
import io.walletpay.webhook.EndpointInput;
import io.walletpay.webhook.EndpointInput.EndpointChanges;
import io.walletpay.webhook.EndpointInput.NewEndpoint;
import io.walletpay.webhook.WebhookEndpoint;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * {@link EndpointStore} in memory, with the rules PostgreSQL keeps: the first endpoint (a merchant's webhook_url, set
 * by {@link #withFirst}) listed first, the limit counting it, another merchant's endpoint never found. The secrets
 * kept are the ones the use case handed over.
 */
final class InMemoryEndpointStore implements EndpointStore {

    private record Kept(UUID merchantId, WebhookEndpoint endpoint) {}

    private final Map<UUID, WebhookEndpoint> firsts = new HashMap<>();
    private final Map<UUID, Kept> further = new LinkedHashMap<>();
    final Map<UUID, String> secrets = new HashMap<>();
    final Map<UUID, OffsetDateTime> previousUntil = new HashMap<>();

    /** Gives {@code merchantId} a webhook_url, its first endpoint. */
    WebhookEndpoint withFirst(UUID merchantId, String url) {
        WebhookEndpoint first = new WebhookEndpoint(
                UUID.randomUUID(), url, List.of(EndpointInput.ALL), null, true, OffsetDateTime.now());
        firsts.put(merchantId, first);
        return first;
    }

    @Override
    public Future<List<WebhookEndpoint>> list(UUID merchantId) {
        List<WebhookEndpoint> all = new ArrayList<>();
        if (firsts.containsKey(merchantId)) {
            all.add(firsts.get(merchantId));
        }
        further.values().stream()
                .filter(kept -> kept.merchantId().equals(merchantId))
                .forEach(kept -> all.add(kept.endpoint()));
        return Future.succeededFuture(all);
    }

    @Override
    public Future<WebhookEndpoint> get(UUID merchantId, UUID id) {
        return list(merchantId).map(all -> all.stream()
                .filter(endpoint -> endpoint.id().equals(id))
                .findFirst()
                .orElse(null));
    }

    @Override
    public Future<WebhookEndpoint> create(UUID merchantId, UUID id, NewEndpoint endpoint, String secret, int limit) {
        if (further.values().stream()
                        .filter(kept -> kept.merchantId().equals(merchantId))
                        .count()
                >= limit) {
            return Future.succeededFuture(null);
        }
        WebhookEndpoint made = new WebhookEndpoint(
                id, endpoint.url(), endpoint.enabledEvents(), endpoint.description(), false, OffsetDateTime.now());
        further.put(id, new Kept(merchantId, made));
        secrets.put(id, secret);
        return Future.succeededFuture(made);
    }

    @Override
    public Future<WebhookEndpoint> update(UUID merchantId, UUID id, EndpointChanges changes) {
        Kept kept = own(merchantId, id);
        if (kept == null) {
            return Future.succeededFuture(null);
        }
        WebhookEndpoint was = kept.endpoint();
        WebhookEndpoint changed = new WebhookEndpoint(
                id,
                changes.url() == null ? was.url() : changes.url(),
                changes.enabledEvents() == null ? was.enabledEvents() : changes.enabledEvents(),
                changes.clearDescription()
                        ? null
                        : changes.description() == null ? was.description() : changes.description(),
                false,
                was.createdAt());
        further.put(id, new Kept(merchantId, changed));
        return Future.succeededFuture(changed);
    }

    @Override
    public Future<Void> describeFirst(UUID merchantId, String description) {
        WebhookEndpoint first = firsts.get(merchantId);
        firsts.put(
                merchantId,
                new WebhookEndpoint(
                        first.id(), first.url(), first.enabledEvents(), description, true, first.createdAt()));
        return Future.succeededFuture();
    }

    @Override
    public Future<Boolean> delete(UUID merchantId, UUID id) {
        return Future.succeededFuture(own(merchantId, id) != null && further.remove(id) != null);
    }

    @Override
    public Future<WebhookEndpoint> rotate(UUID merchantId, UUID id, String secret, OffsetDateTime until) {
        Kept kept = own(merchantId, id);
        if (kept == null) {
            return Future.succeededFuture(null);
        }
        secrets.put(id, secret);
        previousUntil.put(id, until);
        return Future.succeededFuture(kept.endpoint());
    }

    private Kept own(UUID merchantId, UUID id) {
        Kept kept = further.get(id);
        return kept != null && kept.merchantId().equals(merchantId) ? kept : null;
    }
}
