package io.walletpay.portal;

import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.RestrictedKeys;
import io.walletpay.usecase.ApiKeys;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * {@code /portal/keys}, for owners and developers: the merchant's restricted API keys (in the mode the page acts in:
 * a key made in test mode is an {@code rk_test_} key of the test twin), a form to make one ({@code scope},
 * {@code description}) whose answer shows the key this once, and Revoke. The same use case as the API's, audited
 * with the person's name. A revoked key gets no new token at once, and its tokens stop within the merchant cache's
 * time on every node.
 */
final class KeyPages {

    private final PortalPages pages;
    private final ApiKeys keys;

    KeyPages(PortalPages pages, ApiKeys keys) {
        this.pages = pages;
        this.keys = keys;
    }

    void mount(Router router) {
        router.get("/portal/keys").handler(ctx -> show(ctx, 200, Map.of()));
        router.post("/portal/keys").handler(this::create);
        router.post("/portal/keys/:id/revoke").handler(this::revoke);
    }

    private void show(RoutingContext ctx, int status, Map<String, Object> extra) {
        Merchant merchant = PortalPages.merchant(ctx);
        keys.list(merchant.id())
                .onSuccess(list -> {
                    Map<String, Object> model = new HashMap<>();
                    model.put("keys", list);
                    model.put("newKey", null);
                    model.put("notice", null);
                    model.put("error", null);
                    model.putAll(extra);
                    pages.render(ctx, status, "portal/keys.jte", model);
                })
                .onFailure(ctx::fail);
    }

    private void create(RoutingContext ctx) {
        String scope = PortalPages.param(ctx, "scope", 32);
        String description = PortalPages.param(ctx, "description", RestrictedKeys.MAX_DESCRIPTION);
        keys.create(
                        PortalPages.merchant(ctx),
                        scope,
                        description.isEmpty() ? null : description,
                        PortalPages.actor(ctx))
                .onSuccess(created -> show(ctx, 200, Map.of("newKey", created.secret())))
                .onFailure(failure -> {
                    if (failure instanceof ServiceException refused
                            && ("invalid_scope".equals(refused.code())
                                    || "invalid_description".equals(refused.code()))) {
                        show(ctx, 400, Map.of("error", pages.text(ctx).get("keys.bad_scope")));
                    } else if (failure instanceof ServiceException refused
                            && "key_limit_reached".equals(refused.code())) {
                        show(ctx, 409, Map.of("error", pages.text(ctx).get("keys.limit")));
                    } else {
                        ctx.fail(failure);
                    }
                });
    }

    private void revoke(RoutingContext ctx) {
        UUID id = PortalPages.parseUuid(ctx.pathParam("id"));
        if (id == null) {
            pages.notFound(ctx);
            return;
        }
        keys.revoke(PortalPages.merchant(ctx).id(), id, PortalPages.actor(ctx))
                .onSuccess(revoked ->
                        show(ctx, 200, Map.of("notice", pages.text(ctx).get("keys.revoked"))))
                .onFailure(ctx::fail);
    }
}
