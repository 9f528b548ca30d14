package io.walletpay.portal;

import io.walletpay.webhook.Delivery;
import io.walletpay.webhook.WebhookEndpoint;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Which address each delivery on the webhooks page went to. Shown once the merchant has an endpoint beside its
 * webhook_url; a merchant with one address sees the page as it always was.
 */
public final class DeliveryEndpoints {

    private final Map<UUID, String> urls = new HashMap<>();
    private final String firstUrl;
    private final boolean shown;

    private DeliveryEndpoints(List<WebhookEndpoint> endpoints) {
        String first = null;
        boolean further = false;
        for (WebhookEndpoint endpoint : endpoints) {
            urls.put(endpoint.id(), endpoint.url());
            if (endpoint.fromSettings()) {
                first = endpoint.url();
            } else {
                further = true;
            }
        }
        this.firstUrl = first;
        this.shown = further;
    }

    static DeliveryEndpoints of(List<WebhookEndpoint> endpoints) {
        return new DeliveryEndpoints(endpoints);
    }

    /** Whether the page names each delivery's address. */
    public boolean shown() {
        return shown;
    }

    /**
     * The address {@code delivery} goes to: its endpoint's, or the webhook_url for one made before endpoints existed;
     * null for an endpoint since deleted (or a webhook_url since cleared).
     */
    public String urlOf(Delivery delivery) {
        return delivery.endpointId() == null ? firstUrl : urls.get(delivery.endpointId());
    }
}
