package io.walletpay.portal;

import io.vertx.core.Future;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.Merchant;
import io.walletpay.people.Invitation;
import io.walletpay.people.Person;
import io.walletpay.people.Role;
import io.walletpay.store.PortalSessionStore;
import io.walletpay.store.Stores;
import io.walletpay.usecase.Team;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * {@code /portal/team}, the owners' page: the team with each person's role (to change) and a way to remove them, the
 * open invitations (to withdraw), a form to invite someone with a role, whose answer shows the new link to copy, and
 * every live session of the team, each to end. Every change goes through {@link Team}, audited with the owner's name.
 */
final class TeamPages {

    private final PortalPages pages;
    private final Stores stores;
    private final Team team;

    TeamPages(PortalPages pages, Stores stores, Team team) {
        this.pages = pages;
        this.stores = stores;
        this.team = team;
    }

    void mount(Router router) {
        router.get("/portal/team")
                .handler(ctx -> show(
                        ctx,
                        200,
                        "session".equals(PortalPages.param(ctx, "done", 8))
                                ? Map.of("notice", pages.text(ctx).get("team.session_ended"))
                                : Map.of()));
        router.post("/portal/team/invitations").handler(this::invite);
        router.post("/portal/team/invitations/:id/withdraw").handler(this::withdraw);
        router.post("/portal/team/people/:id/role").handler(this::changeRole);
        router.post("/portal/team/people/:id/remove").handler(this::remove);
        router.post("/portal/team/sessions/end").handler(this::endSession);
    }

    private void show(RoutingContext ctx, int status, Map<String, Object> extra) {
        UUID merchantId = PortalPages.liveMerchant(ctx).id();
        Person me = PortalPages.person(ctx);
        Future<List<Person>> members = team.members(merchantId);
        Future<List<Invitation>> invitations = team.openInvitations(merchantId);
        Future<List<PortalSessionStore.PortalSession>> sessions =
                stores.portalSessions().live(merchantId, PortalSession.LIFETIMES);
        Future.all(members, invitations, sessions)
                .onSuccess(all -> {
                    Map<UUID, Person> byId = members.result().stream()
                            .collect(Collectors.toMap(Person::id, Function.identity(), (a, b) -> a));
                    byte[] current = PortalPages.sessionHash(ctx);
                    Map<String, Object> model = new HashMap<>();
                    model.put("members", members.result());
                    model.put("me", me.id());
                    model.put("roles", List.of(Role.values()));
                    model.put("invitations", invitations.result());
                    model.put(
                            "sessions",
                            sessions.result().stream()
                                    .map(s -> new TeamSessionView(
                                            s,
                                            byId.get(s.personId()),
                                            HexFormat.of().formatHex(s.idHash()),
                                            current != null && java.util.Arrays.equals(current, s.idHash())))
                                    .toList());
                    model.put("notice", null);
                    model.put("error", null);
                    model.put("inviteUrl", null);
                    model.put("inviteMailed", null);
                    model.put("email", "");
                    model.put("role", "cashier");
                    model.putAll(extra);
                    pages.render(ctx, status, "portal/team.jte", model);
                })
                .onFailure(ctx::fail);
    }

    private void invite(RoutingContext ctx) {
        Merchant merchant = PortalPages.liveMerchant(ctx);
        String email = PortalPages.param(ctx, "email", 254);
        String role = PortalPages.param(ctx, "role", 20);
        team.invite(
                        merchant,
                        email,
                        role,
                        PortalPages.actor(ctx),
                        pages.text(ctx).language())
                .onSuccess(invited -> show(
                        ctx,
                        200,
                        Map.of(
                                "inviteUrl", invited.url(),
                                "inviteMailed", invited.mailed().name().toLowerCase(java.util.Locale.ROOT),
                                "notice",
                                        pages.text(ctx)
                                                .get(
                                                        "team.invited",
                                                        invited.invitation().email()))))
                .onFailure(failure -> refused(ctx, failure, Map.of("email", email, "role", role)));
    }

    private void withdraw(RoutingContext ctx) {
        act(ctx, id -> team.withdraw(PortalPages.liveMerchant(ctx).id(), id, PortalPages.actor(ctx)), "team.withdrawn");
    }

    private void changeRole(RoutingContext ctx) {
        String role = PortalPages.param(ctx, "role", 20);
        act(
                ctx,
                id -> team.changeRole(PortalPages.liveMerchant(ctx).id(), id, role, PortalPages.actor(ctx))
                        .mapEmpty(),
                "team.role_changed");
    }

    private void remove(RoutingContext ctx) {
        act(ctx, id -> team.remove(PortalPages.liveMerchant(ctx).id(), id, PortalPages.actor(ctx)), "team.removed");
    }

    private void endSession(RoutingContext ctx) {
        String handle = PortalPages.param(ctx, "session", 64);
        byte[] hash;
        try {
            hash = HexFormat.of().parseHex(handle);
        } catch (IllegalArgumentException notHex) {
            pages.badRequest(ctx);
            return;
        }
        if (hash.length != 32) {
            pages.badRequest(ctx);
            return;
        }
        UUID merchantId = PortalPages.liveMerchant(ctx).id();
        byte[] ending = hash;
        // whose session it was, as the store knows it (for the audit log), never as the form says
        stores.portalSessions()
                .live(merchantId, PortalSession.LIFETIMES)
                .compose(live -> live.stream()
                        .filter(s -> java.util.Arrays.equals(s.idHash(), ending))
                        .findFirst()
                        .map(s -> stores.people().get(merchantId, s.personId()))
                        .orElse(io.vertx.core.Future.succeededFuture(null)))
                .compose(person -> team.endSession(
                        merchantId, ending, person == null ? "" : person.email(), PortalPages.actor(ctx)))
                .onSuccess(ended -> PortalPages.seeOther(ctx, "/portal/team?done=session"))
                .onFailure(failure -> refused(ctx, failure, Map.of()));
    }

    /** A change of one person or invitation, named by the path's id; back to the page with what it did. */
    private void act(RoutingContext ctx, Function<UUID, Future<Void>> change, String doneKey) {
        UUID id = PortalPages.parseUuid(ctx.pathParam("id"));
        if (id == null) {
            pages.notFound(ctx);
            return;
        }
        change.apply(id)
                .onSuccess(
                        done -> show(ctx, 200, Map.of("notice", pages.text(ctx).get(doneKey))))
                .onFailure(failure -> refused(ctx, failure, Map.of()));
    }

    /** A refusal said on the team page (400, 409), a missing person or invitation as not found. */
    private void refused(RoutingContext ctx, Throwable failure, Map<String, Object> typed) {
        if (!(failure instanceof ServiceException refused)) {
            ctx.fail(failure);
            return;
        }
        String key =
                switch (refused.code()) {
                    case "invalid_email" -> "team.bad_email";
                    case "invalid_role" -> "team.bad_role";
                    case "email_taken" -> "team.email_taken";
                    case "last_owner" -> "team.last_owner";
                    default -> null;
                };
        if (key == null) {
            ctx.fail(failure);
            return;
        }
        Map<String, Object> extra = new HashMap<>(typed);
        extra.put("error", pages.text(ctx).get(key));
        show(ctx, refused.kind() == ErrorKind.VALIDATION ? 400 : 409, extra);
    }
}
