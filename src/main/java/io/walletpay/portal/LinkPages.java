package io.walletpay.portal;

import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.error.ServiceException;
import io.walletpay.links.PaymentLinkRequest;
import io.walletpay.links.QrSvg;
import io.walletpay.merchant.Actor;
import io.walletpay.payment.PaymentLink;
import io.walletpay.payment.TypedAmount;
import io.walletpay.usecase.PaymentLinks;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * {@code /portal/links}: selling without code, through the same use cases as the API. A description (and a fixed
 * amount, or none so the customer types it; a reference; how many payments it takes) becomes a lasting payment
 * link; the merchant sees its links with what each collected, and for one: its URL, QR code, a WhatsApp share link,
 * its payments, a printable card for a market stall, and a button that turns it off. Amounts are typed as people
 * write them: {@code 1500}, {@code 1 500,50} or {@code 1500.50}.
 */
final class LinkPages {

    static final int PAGE_SIZE = 20;

    private final PortalPages pages;
    private final PaymentLinks links;

    LinkPages(PortalPages pages, PaymentLinks links) {
        this.pages = pages;
        this.links = links;
    }

    void mount(Router router) {
        router.get("/portal/links").handler(ctx -> list(ctx, 200, null, Map.of()));
        router.post("/portal/links").handler(this::create);
        router.get("/portal/links/:id").handler(this::show);
        router.get("/portal/links/:id/card").handler(this::card);
        router.post("/portal/links/:id/deactivate").handler(this::deactivate);
    }

    /** The create form (with what was typed, and why it was refused) above the merchant's links. */
    private void list(RoutingContext ctx, int status, String error, Map<String, String> typed) {
        Optional<ListPage> asked = ListPage.asked(ctx);
        if (asked.isEmpty()) {
            pages.badRequest(ctx);
            return;
        }
        links.list(
                        PortalPages.merchant(ctx).id(),
                        PAGE_SIZE,
                        asked.get().startingAfter(),
                        asked.get().endingBefore())
                .onSuccess(page -> {
                    List<PaymentLink> shown = page.links();
                    Map<String, Object> model = new HashMap<>();
                    model.put("error", error);
                    model.put("amount", typed.getOrDefault("amount", ""));
                    model.put("description", typed.getOrDefault("description", ""));
                    model.put("reference", typed.getOrDefault("reference", ""));
                    // a new link takes one payment unless the merchant says otherwise, as links always did
                    model.put("maxPayments", typed.getOrDefault("max_payments", "1"));
                    model.put("links", shown);
                    model.put("nextHref", asked.get().next("/portal/links?", page.hasMore(), shown, PaymentLink::id));
                    model.put(
                            "previousHref",
                            asked.get().previous("/portal/links?", page.hasMore(), shown, PaymentLink::id));
                    pages.render(ctx, status, "portal/links.jte", model);
                })
                .onFailure(ctx::fail);
    }

    private void create(RoutingContext ctx) {
        Map<String, String> typed = Map.of(
                "amount", PortalPages.param(ctx, "amount", 32),
                "description", PortalPages.param(ctx, "description", 1000),
                "reference", PortalPages.param(ctx, "reference", 200),
                "max_payments", PortalPages.param(ctx, "max_payments", 16));
        PortalText t = pages.text(ctx);
        PaymentLinkRequest request;
        try {
            request = PaymentLinkRequest.parse(
                    body(typed).encode().getBytes(StandardCharsets.UTF_8),
                    links.limits(),
                    OffsetDateTime.now(ZoneOffset.UTC));
        } catch (ServiceException invalid) {
            list(ctx, invalid.kind().status(), refusal(t, invalid), typed);
            return;
        }
        Actor actor = PortalPages.actor(ctx);
        links.create(PortalPages.merchant(ctx), request, actor)
                // to the link's own page: reloading it never makes a second link
                .onSuccess(link -> PortalPages.seeOther(ctx, "/portal/links/" + link.id()))
                .onFailure(ctx::fail);
    }

    /** The form as the API's request body, so a link is held to exactly the API's rules. */
    private JsonObject body(Map<String, String> typed) {
        JsonObject body = new JsonObject();
        String amount = typed.get("amount");
        if (!amount.isEmpty()) {
            body.put(
                    "amount",
                    TypedAmount.read(
                            "amount",
                            amount,
                            links.limits().min(),
                            links.limits().max()));
        }
        body.put("description", typed.get("description").isEmpty() ? null : typed.get("description"));
        if (!typed.get("reference").isEmpty()) {
            body.put("reference_id", typed.get("reference"));
        }
        String max = typed.get("max_payments");
        if (!max.isEmpty()) {
            body.put("max_payments", max.matches("\\d{1,9}") ? (Object) Integer.valueOf(max) : max);
        }
        return body;
    }

    private static String refusal(PortalText t, ServiceException invalid) {
        String field = invalid.field() == null ? "amount" : invalid.field();
        return switch (field) {
            case "description" -> t.get("paylinks.invalid.description");
            case "reference_id" -> t.get("links.invalid.reference_id");
            case "max_payments" -> t.get("paylinks.invalid.max_payments");
            default -> t.get("links.invalid.amount");
        };
    }

    /** One link: its URL, QR code, share link, what it collected, and what can be done with it. */
    private void show(RoutingContext ctx) {
        withLink(ctx, link -> {
            PortalText t = pages.text(ctx);
            String url = links.url(link);
            String what = link.amount() != null ? t.amount(link.amount()) : link.description();
            String message = t.get("links.share_text", what, url);
            Map<String, Object> model = new HashMap<>();
            model.put("link", link);
            model.put("url", url);
            model.put("qr", QrSvg.of(url));
            model.put("whatsapp", "https://wa.me/?text=" + URLEncoder.encode(message, StandardCharsets.UTF_8));
            model.put("usable", link.gone(OffsetDateTime.now(ZoneOffset.UTC)) == null);
            // turning a link off is asked again first, as cancel and refund are: a printed card stops working
            model.put("confirmingDeactivate", "deactivate".equals(PortalPages.param(ctx, "confirm", 16)));
            pages.render(ctx, 200, "portal/link.jte", model);
        });
    }

    /** The printable card: shop name, amount (or "any amount"), the QR code and how to pay, in three languages. */
    private void card(RoutingContext ctx) {
        withLink(ctx, link -> {
            String url = links.url(link);
            Map<String, Object> model = new HashMap<>();
            model.put("link", link);
            model.put("shop", PortalPages.merchant(ctx).name());
            model.put("url", url);
            model.put("qr", QrSvg.of(url));
            pages.render(ctx, 200, "portal/link_card.jte", model);
        });
    }

    private void deactivate(RoutingContext ctx) {
        UUID id = PortalPages.parseUuid(ctx.pathParam("id"));
        if (id == null) {
            pages.notFound(ctx);
            return;
        }
        UUID merchantId = PortalPages.merchant(ctx).id();
        links.deactivate(merchantId, id, PortalPages.actor(ctx))
                .onSuccess(link -> PortalPages.seeOther(ctx, "/portal/links/" + link.id()))
                .onFailure(ctx::fail);
    }

    private void withLink(RoutingContext ctx, java.util.function.Consumer<PaymentLink> show) {
        UUID id = PortalPages.parseUuid(ctx.pathParam("id"));
        if (id == null) {
            pages.notFound(ctx);
            return;
        }
        links.get(PortalPages.merchant(ctx).id(), id).onSuccess(show::accept).onFailure(ctx::fail);
    }
}
