package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.json.NewIdentifiers;
import io.walletpay.merchant.Actor;
import io.walletpay.merchant.MerchantInput.MerchantChanges;
import io.walletpay.merchant.Secrets;
import io.walletpay.store.EndpointStore;
import io.walletpay.webhook.EndpointInput;
import io.walletpay.webhook.EndpointInput.EndpointChanges;
import io.walletpay.webhook.EndpointInput.NewEndpoint;
import io.walletpay.webhook.EndpointLimit;
import io.walletpay.webhook.WebhookEndpoint;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

/**
 * A merchant's webhook endpoints: listing, making (its secret shown once), changing, deleting and rotating a secret.
 * The first endpoint is the settings' webhook_url: changing its URL or deleting it is the settings change (the same
 * checks, audit entry and cache refresh), rotating its secret is the webhook-secret rotation; it always takes every
 * event. Every URL passes the check delivery would make, as the settings' webhook_url does.
 */
public final class WebhookEndpoints {

    /** A new endpoint and its secret, shown this once. */
    public record Created(WebhookEndpoint endpoint, String secret) {}

    /** An endpoint after a rotation, its new secret, and until when the previous one still signs. */
    public record Rotated(WebhookEndpoint endpoint, String secret, OffsetDateTime previousActiveUntil) {}

    private final EndpointStore endpoints;
    private final UpdateMerchantSettings settings;
    private final RotateWebhookSecret firstRotation;
    private final UpdateMerchantSettings.UrlCheck targets;
    private final int overlapHours;

    public WebhookEndpoints(
            EndpointStore endpoints,
            UpdateMerchantSettings settings,
            RotateWebhookSecret firstRotation,
            UpdateMerchantSettings.UrlCheck targets,
            int overlapHours) {
        this.endpoints = endpoints;
        this.settings = settings;
        this.firstRotation = firstRotation;
        this.targets = targets;
        this.overlapHours = overlapHours;
    }

    public Future<List<WebhookEndpoint>> list(UUID merchantId) {
        return endpoints.list(merchantId);
    }

    /** The merchant's endpoint; a 404 for an unknown id or another merchant's. */
    public Future<WebhookEndpoint> get(UUID merchantId, UUID id) {
        return endpoints.get(merchantId, id).compose(WebhookEndpoints::found);
    }

    public Future<Created> create(UUID merchantId, NewEndpoint endpoint) {
        String secret = Secrets.newWebhookSecret();
        return targets.check("url", endpoint.url())
                .compose(checked ->
                        endpoints.create(merchantId, NewIdentifiers.next(), endpoint, secret, EndpointLimit.FURTHER))
                .compose(made -> made == null
                        ? Future.failedFuture(EndpointLimit.reached())
                        : Future.succeededFuture(new Created(made, secret)));
    }

    public Future<WebhookEndpoint> update(UUID merchantId, UUID id, EndpointChanges changes, Actor actor) {
        return get(merchantId, id).compose(current -> {
            if (!current.fromSettings()) {
                return targets.check("url", changes.url())
                        .compose(checked -> endpoints.update(merchantId, id, changes))
                        .compose(WebhookEndpoints::found);
            }
            if (changes.enabledEvents() != null && !changes.enabledEvents().equals(List.of(EndpointInput.ALL))) {
                return Future.failedFuture(new ServiceException(
                        ErrorKind.CONFLICT,
                        "first_endpoint_takes_every_event",
                        "The first endpoint (the settings' webhook_url) takes every event; add an endpoint for a"
                                + " subset",
                        "enabled_events"));
            }
            Future<?> url = changes.url() == null
                    ? Future.succeededFuture()
                    : settings.update(merchantId, urlChange(changes.url(), false), actor);
            return url.compose(saved -> changes.description() == null && !changes.clearDescription()
                            ? Future.succeededFuture()
                            : endpoints.describeFirst(merchantId, changes.description()))
                    .compose(described -> get(merchantId, id));
        });
    }

    public Future<Void> delete(UUID merchantId, UUID id, Actor actor) {
        return get(merchantId, id)
                .compose(current -> current.fromSettings()
                        ? settings.update(merchantId, urlChange(null, true), actor)
                                .mapEmpty()
                        : endpoints.delete(merchantId, id).mapEmpty());
    }

    public Future<Rotated> rotate(UUID merchantId, UUID id, Actor actor) {
        return get(merchantId, id).compose(current -> {
            if (current.fromSettings()) {
                return firstRotation
                        .rotate(merchantId, actor)
                        .map(rotated -> new Rotated(current, rotated.webhookSecret(), rotated.previousActiveUntil()));
            }
            String secret = Secrets.newWebhookSecret();
            // decided here and stored as is, as the merchant's own rotation does
            OffsetDateTime previousUntil =
                    OffsetDateTime.now(ZoneOffset.UTC).plusHours(overlapHours).truncatedTo(ChronoUnit.SECONDS);
            return endpoints
                    .rotate(merchantId, id, secret, previousUntil)
                    .compose(WebhookEndpoints::found)
                    .map(rotated -> new Rotated(rotated, secret, previousUntil));
        });
    }

    private static MerchantChanges urlChange(String url, boolean clear) {
        return new MerchantChanges(null, null, url, clear, null, false, null, false, null, null);
    }

    private static Future<WebhookEndpoint> found(WebhookEndpoint endpoint) {
        return endpoint == null
                ? Future.failedFuture(ServiceException.notFound("Webhook endpoint"))
                : Future.succeededFuture(endpoint);
    }
}
