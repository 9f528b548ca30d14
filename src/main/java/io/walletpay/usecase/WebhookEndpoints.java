package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.json.NewIdentifiers;
import io.walletpay.merchant.Actor;
import io.walletpay.merchant.Audited;
import io.walletpay.merchant.MerchantInput.MerchantChanges;
import io.walletpay.merchant.Secrets;
import io.walletpay.store.AuditStore;
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
 * event. Every URL passes the check delivery would make, as the settings' webhook_url does. Making, changing, deleting
 * and rotating any other endpoint writes its audit entry once the change is stored (the endpoint's id, and for a
 * change the fields changed; never the secret), as payment links do.
 */
public final class WebhookEndpoints {

    /** A new endpoint and its secret, shown this once. */
    public record Created(WebhookEndpoint endpoint, String secret) {}

    /** An endpoint after a rotation, its new secret, and until when the previous one still signs. */
    public record Rotated(WebhookEndpoint endpoint, String secret, OffsetDateTime previousActiveUntil) {}

    private final EndpointStore endpoints;
    private final AuditStore audit;
    private final UpdateMerchantSettings settings;
    private final RotateWebhookSecret firstRotation;
    private final UpdateMerchantSettings.UrlCheck targets;
    private final int overlapHours;

    public WebhookEndpoints(
            EndpointStore endpoints,
            AuditStore audit,
            UpdateMerchantSettings settings,
            RotateWebhookSecret firstRotation,
            UpdateMerchantSettings.UrlCheck targets,
            int overlapHours) {
        this.endpoints = endpoints;
        this.audit = audit;
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

    public Future<Created> create(UUID merchantId, NewEndpoint endpoint, Actor actor) {
        String secret = Secrets.newWebhookSecret();
        return targets.check("url", endpoint.url())
                .compose(checked ->
                        endpoints.create(merchantId, NewIdentifiers.next(), endpoint, secret, EndpointLimit.FURTHER))
                .compose(made -> made == null
                        ? Future.failedFuture(EndpointLimit.reached())
                        : audited(
                                        merchantId,
                                        actor,
                                        Audited.WEBHOOK_ENDPOINT_CREATE,
                                        made.id().toString())
                                .map(recorded -> new Created(made, secret)));
    }

    public Future<WebhookEndpoint> update(UUID merchantId, UUID id, EndpointChanges changes, Actor actor) {
        return get(merchantId, id).compose(current -> {
            if (!current.fromSettings()) {
                return targets.check("url", changes.url())
                        .compose(checked -> endpoints.update(merchantId, id, changes))
                        .compose(WebhookEndpoints::found)
                        .compose(changed -> changes.none()
                                ? Future.succeededFuture(changed)
                                : audited(
                                                merchantId,
                                                actor,
                                                Audited.WEBHOOK_ENDPOINT_UPDATE,
                                                id + ": " + changes.fields())
                                        .map(changed));
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
                            : endpoints
                                    .describeFirst(merchantId, changes.description())
                                    .compose(described -> audited(
                                            merchantId, actor, Audited.WEBHOOK_ENDPOINT_UPDATE, id + ": description")))
                    .compose(described -> get(merchantId, id));
        });
    }

    public Future<Void> delete(UUID merchantId, UUID id, Actor actor) {
        return get(merchantId, id)
                .compose(current -> current.fromSettings()
                        ? settings.update(merchantId, urlChange(null, true), actor)
                                .mapEmpty()
                        : endpoints
                                .delete(merchantId, id)
                                .compose(deleted -> deleted
                                        ? audited(merchantId, actor, Audited.WEBHOOK_ENDPOINT_DELETE, id.toString())
                                        : Future.succeededFuture()));
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
                    .compose(rotated -> audited(
                                    merchantId, actor, Audited.WEBHOOK_ENDPOINT_SECRET_ROTATE, id + ": secret")
                            .map(new Rotated(rotated, secret, previousUntil)));
        });
    }

    private Future<Void> audited(UUID merchantId, Actor actor, String action, String what) {
        return audit.record(Audited.entry(merchantId, actor, action, what));
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
