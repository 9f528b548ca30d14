package io.walletpay.http;

import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.json.JsonInput;
import io.walletpay.merchant.Actor;
import io.walletpay.net.ClientAddress;
import io.walletpay.page.Language;
import io.walletpay.store.MerchantStore;
import io.walletpay.usecase.Team;
import io.walletpay.view.Timestamps;
import java.util.Set;

/**
 * {@code POST /api/admin/merchants/{id}/invitations}: the operator invites a merchant's first owner (or anyone
 * else) with {@code {"email", "role"}}; the answer carries the invitation link, shown this once, single use, for
 * 72 hours. Behind the admin guard mounted on {@code /api/admin/*}.
 */
final class AdminInvitationRoutes {

    private static final Set<String> FIELDS = Set.of("email", "role");

    private final MerchantStore merchants;
    private final Team team;
    private final Language serviceLanguage;

    AdminInvitationRoutes(MerchantStore merchants, Team team, Language serviceLanguage) {
        this.merchants = merchants;
        this.team = team;
        this.serviceLanguage = serviceLanguage;
    }

    void mount(Router router) {
        router.post("/api/admin/merchants/:id/invitations").handler(this::invite);
    }

    private void invite(RoutingContext ctx) {
        JsonInput input = JsonInput.parseObject(Bodies.json(ctx), FIELDS);
        String email = input.requiredText("email", 254);
        String role = input.requiredText("role", 20);
        merchants
                .get(Queries.pathId(ctx, "Merchant"))
                .map(AdminMerchantRoutes::liveOnly)
                .compose(merchant -> team.invite(
                        merchant,
                        email,
                        role,
                        Actor.admin(ClientAddress.of(ctx)),
                        Language.fromTag(merchant.locale()).orElse(serviceLanguage)))
                .onSuccess(invited -> Responses.success(
                        ctx,
                        201,
                        new JsonObject()
                                .put("id", invited.invitation().id().toString())
                                .put(
                                        "merchant_id",
                                        invited.invitation().merchantId().toString())
                                .put("email", invited.invitation().email())
                                .put("role", invited.invitation().role().wireName())
                                .put("invite_url", invited.url())
                                .put("emailed", invited.mailed() == Team.Mailed.SENT)
                                .put(
                                        "expires_at",
                                        Timestamps.format(invited.invitation().expiresAt()))))
                .onFailure(ctx::fail);
    }
}
