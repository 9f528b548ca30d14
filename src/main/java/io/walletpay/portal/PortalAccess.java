package io.walletpay.portal;

import static io.walletpay.people.Permission.*;

import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.people.Permission;
import io.walletpay.people.Permissions;
import io.walletpay.people.Person;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What every signed-in portal route needs, in one table, checked in one place: after the session check, before the
 * page. A route the table does not list is not found, for everyone; a person whose role lacks the permission gets a
 * 403 page in their language and nothing changes. The pages ask {@link Permissions} the same table which buttons
 * to show.
 */
final class PortalAccess {

    /** One route: its method, its path (with {@code :id} for an identifier) and what it needs. */
    record Rule(HttpMethod method, String path, Permission needs, Pattern pattern) {

        static Rule of(HttpMethod method, String path, Permission needs) {
            String regex = Pattern.quote(path).replace(":id", "\\E[^/]+\\Q");
            return new Rule(method, path, needs, Pattern.compile(regex));
        }
    }

    private static final HttpMethod GET = HttpMethod.GET;
    private static final HttpMethod POST = HttpMethod.POST;

    static final List<Rule> RULES = List.of(
            Rule.of(GET, "/portal/", VIEW),
            Rule.of(POST, "/portal/mode", VIEW),
            Rule.of(GET, "/portal/payments", VIEW),
            Rule.of(GET, "/portal/payments.csv", VIEW),
            Rule.of(GET, "/portal/payments/:id", VIEW),
            Rule.of(POST, "/portal/payments/:id/cancel", CANCEL_PAYMENT),
            Rule.of(POST, "/portal/payments/:id/redeliver", WEBHOOKS),
            Rule.of(POST, "/portal/payments/:id/refund", REFUND),
            Rule.of(GET, "/portal/payouts", VIEW),
            Rule.of(POST, "/portal/payouts", PAYOUT),
            Rule.of(POST, "/portal/payouts/phone", PAYOUT_PHONE),
            Rule.of(POST, "/portal/transfers/:id/approve", APPROVE_MONEY_OUT),
            Rule.of(POST, "/portal/transfers/:id/reject", APPROVE_MONEY_OUT),
            Rule.of(GET, "/portal/links", VIEW),
            Rule.of(POST, "/portal/links", MANAGE_LINKS),
            Rule.of(GET, "/portal/links/:id", VIEW),
            Rule.of(GET, "/portal/links/:id/card", VIEW),
            Rule.of(POST, "/portal/links/:id/deactivate", MANAGE_LINKS),
            Rule.of(GET, "/portal/webhooks", VIEW),
            Rule.of(POST, "/portal/webhooks/redeliver", WEBHOOKS),
            Rule.of(POST, "/portal/webhooks/recover", WEBHOOKS),
            Rule.of(POST, "/portal/webhooks/test", WEBHOOKS),
            Rule.of(GET, "/portal/settings", VIEW),
            Rule.of(POST, "/portal/settings", SETTINGS),
            Rule.of(POST, "/portal/settings/approval-threshold", APPROVAL_THRESHOLD),
            Rule.of(POST, "/portal/settings/webhook-secret", WEBHOOKS),
            Rule.of(POST, "/portal/settings/secret-key", API_KEYS),
            Rule.of(POST, "/portal/settings/sessions/end-all", VIEW),
            Rule.of(GET, "/portal/keys", API_KEYS),
            Rule.of(POST, "/portal/keys", API_KEYS),
            Rule.of(POST, "/portal/keys/:id/revoke", API_KEYS),
            Rule.of(GET, "/portal/team", TEAM),
            Rule.of(POST, "/portal/team/invitations", TEAM),
            Rule.of(POST, "/portal/team/invitations/:id/withdraw", TEAM),
            Rule.of(POST, "/portal/team/people/:id/role", TEAM),
            Rule.of(POST, "/portal/team/people/:id/remove", TEAM),
            Rule.of(POST, "/portal/team/sessions/end", TEAM));

    private final PortalPages pages;

    PortalAccess(PortalPages pages) {
        this.pages = pages;
    }

    /** The rule of this request, or null when the table has none. */
    static Rule ruleFor(HttpMethod method, String path) {
        for (Rule rule : RULES) {
            if (rule.method().equals(method) && rule.pattern().matcher(path).matches()) {
                return rule;
            }
        }
        return null;
    }

    /** The check, mounted once on every signed-in route. */
    void check(RoutingContext ctx) {
        HttpMethod method =
                ctx.request().method() == HttpMethod.HEAD ? GET : ctx.request().method();
        Rule rule = ruleFor(method, ctx.request().path());
        if (rule == null) {
            pages.notFound(ctx);
            return;
        }
        Person person = PortalPages.person(ctx);
        if (!Permissions.allows(person.role(), rule.needs())) {
            pages.message(ctx, 403, "denied.title", "denied.text");
            return;
        }
        ctx.next();
    }
}
