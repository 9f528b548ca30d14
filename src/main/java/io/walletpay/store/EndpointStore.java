package io.walletpay.store;

import io.vertx.core.Future;
import io.walletpay.webhook.EndpointInput.EndpointChanges;
import io.walletpay.webhook.EndpointInput.NewEndpoint;
import io.walletpay.webhook.WebhookEndpoint;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/**
 * A merchant's webhook endpoints: the first, which is the merchant's webhook_url (changed through the settings and
 * the webhook-secret rotation, never here, but for its description), and the further ones made here, each with its
 * own secret. Every call names the merchant: another merchant's endpoint is never found.
 */
public interface EndpointStore {

    /** The merchant's endpoints, the first one first (when the merchant has a webhook_url), then oldest first. */
    Future<List<WebhookEndpoint>> list(UUID merchantId);

    /** The endpoint, or null when the merchant has none of that id. */
    Future<WebhookEndpoint> get(UUID merchantId, UUID id);

    /**
     * Makes a further endpoint signed with {@code secret}, unless the merchant already has {@code limit} further
     * endpoints (the first not counted): then null. Concurrent creates of one merchant are counted one after the
     * other.
     */
    Future<WebhookEndpoint> create(UUID merchantId, UUID id, NewEndpoint endpoint, String secret, int limit);

    /** Changes a further endpoint; null when the merchant has no further endpoint of that id. */
    Future<WebhookEndpoint> update(UUID merchantId, UUID id, EndpointChanges changes);

    /** Sets or clears ({@code description} null) the first endpoint's description. */
    Future<Void> describeFirst(UUID merchantId, String description);

    /** Deletes a further endpoint; false when the merchant has none of that id. */
    Future<Boolean> delete(UUID merchantId, UUID id);

    /**
     * Gives a further endpoint a new secret, the current one still signing until {@code previousUntil}; null when
     * the merchant has no further endpoint of that id.
     */
    Future<WebhookEndpoint> rotate(UUID merchantId, UUID id, String secret, OffsetDateTime previousUntil);
}
