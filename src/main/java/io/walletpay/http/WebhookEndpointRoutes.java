package io.walletpay.http;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.merchant.Actor;
import io.walletpay.net.ClientAddress;
import io.walletpay.usecase.WebhookEndpoints;
import io.walletpay.view.Timestamps;
import io.walletpay.webhook.EndpointInput;
import io.walletpay.webhook.WebhookEndpoint;
import java.util.UUID;

/**
 * {@code /api/merchant/webhooks/endpoints}: the merchant's webhook endpoints, each with its own secret (shown when it
 * is made and when it is rotated), the first being the settings' webhook_url.
 */
final class WebhookEndpointRoutes {

    private static final String ENDPOINTS = "/api/merchant/webhooks/endpoints";

    private final WebhookEndpoints endpoints;

    WebhookEndpointRoutes(WebhookEndpoints endpoints) {
        this.endpoints = endpoints;
    }

    void mount(Router router) {
        router.post(ENDPOINTS).handler(this::create);
        router.get(ENDPOINTS).handler(this::list);
        router.get(ENDPOINTS + "/:id").handler(this::get);
        router.patch(ENDPOINTS + "/:id").handler(this::update);
        router.delete(ENDPOINTS + "/:id").handler(this::delete);
        router.post(ENDPOINTS + "/:id/secret/rotate").handler(this::rotate);
    }

    private static UUID merchantId(RoutingContext ctx) {
        return MerchantGuard.merchant(ctx).id();
    }

    private static UUID endpointId(RoutingContext ctx) {
        return Queries.pathId(ctx, "Webhook endpoint");
    }

    private static Actor actor(RoutingContext ctx) {
        return Actor.merchant(merchantId(ctx), ClientAddress.of(ctx));
    }

    private void create(RoutingContext ctx) {
        endpoints
                .create(merchantId(ctx), EndpointInput.create(Bodies.json(ctx)), actor(ctx))
                .onSuccess(created ->
                        Responses.success(ctx, 201, view(created.endpoint()).put("secret", created.secret())))
                .onFailure(ctx::fail);
    }

    private void list(RoutingContext ctx) {
        endpoints
                .list(merchantId(ctx))
                .onSuccess(all -> Responses.page(ctx, all, WebhookEndpointRoutes::view, false))
                .onFailure(ctx::fail);
    }

    private void get(RoutingContext ctx) {
        endpoints
                .get(merchantId(ctx), endpointId(ctx))
                .onSuccess(endpoint -> Responses.success(ctx, 200, view(endpoint)))
                .onFailure(ctx::fail);
    }

    private void update(RoutingContext ctx) {
        UUID id = endpointId(ctx);
        endpoints
                .update(merchantId(ctx), id, EndpointInput.changes(Bodies.json(ctx)), actor(ctx))
                .onSuccess(endpoint -> Responses.success(ctx, 200, view(endpoint)))
                .onFailure(ctx::fail);
    }

    private void delete(RoutingContext ctx) {
        UUID id = endpointId(ctx);
        endpoints
                .delete(merchantId(ctx), id, actor(ctx))
                .onSuccess(deleted -> Responses.success(
                        ctx, 200, new JsonObject().put("id", id.toString()).put("deleted", true)))
                .onFailure(ctx::fail);
    }

    private void rotate(RoutingContext ctx) {
        endpoints
                .rotate(merchantId(ctx), endpointId(ctx), actor(ctx))
                .onSuccess(rotated -> Responses.success(
                        ctx,
                        200,
                        view(rotated.endpoint())
                                .put("secret", rotated.secret())
                                .put("previous_secret_active_until", Timestamps.format(rotated.previousActiveUntil()))))
                .onFailure(ctx::fail);
    }

    private static JsonObject view(WebhookEndpoint endpoint) {
        return new JsonObject()
                .put("id", endpoint.id().toString())
                .put("url", endpoint.url())
                .put("enabled_events", new JsonArray(endpoint.enabledEvents()))
                .put("description", endpoint.description())
                .put("from_settings", endpoint.fromSettings())
                .put("created_at", Timestamps.format(endpoint.createdAt()));
    }
}
