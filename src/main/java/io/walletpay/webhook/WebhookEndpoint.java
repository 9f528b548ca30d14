package io.walletpay.webhook;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/**
 * A place the merchant's webhooks go, as the merchant sees it (never its secret). The first endpoint is the
 * merchant's webhook_url from the settings ({@code fromSettings}): every event, signed with the merchant's webhook
 * secret, dated when the merchant was created. The others were made through the endpoints API, each with its own
 * secret and the event types it asked for ({@link EndpointInput#ALL} alone for every type).
 */
public record WebhookEndpoint(
        UUID id,
        String url,
        List<String> enabledEvents,
        String description,
        boolean fromSettings,
        OffsetDateTime createdAt) {

    public WebhookEndpoint {
        enabledEvents = List.copyOf(enabledEvents);
    }

    /** Whether this endpoint is sent events of {@code type}. */
    public boolean takes(String type) {
        return enabledEvents.contains(EndpointInput.ALL) || enabledEvents.contains(type);
    }
}
