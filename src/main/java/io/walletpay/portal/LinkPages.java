package io.walletpay.portal;

import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.links.QrSvg;
import io.walletpay.store.PaymentStore;
import io.walletpay.usecase.Actor;
import io.walletpay.usecase.CreatePaymentLink;
import java.math.BigDecimal;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * {@code /portal/links}: selling without code. An amount (and an optional description and reference) becomes a
 * payment made on the merchant's behalf; the page shows its hosted-checkout link, a QR code to print or post, and a
 * WhatsApp share link. The amount is typed as people write it: {@code 1500}, {@code 1 500,50} or {@code 1500.50}.
 */
final class LinkPages {

    private final PortalPages pages;
    private final PaymentStore payments;
    private final CreatePaymentLink links;

    LinkPages(PortalPages pages, PaymentStore payments, CreatePaymentLink links) {
        this.pages = pages;
        this.payments = payments;
        this.links = links;
    }

    void mount(Router router) {
        router.get("/portal/links").handler(ctx -> form(ctx, 200, null, "", "", ""));
        router.post("/portal/links").handler(this::create);
        router.get("/portal/links/:id").handler(this::show);
    }

    private void form(RoutingContext ctx, int status, String error, String amount, String description, String ref) {
        Map<String, Object> model = new HashMap<>();
        model.put("error", error);
        model.put("amount", amount);
        model.put("description", description);
        model.put("reference", ref);
        model.put("link", null);
        model.put("qr", null);
        model.put("whatsapp", null);
        pages.render(ctx, status, "portal/links.jte", model);
    }

    private void create(RoutingContext ctx) {
        String amountText = PortalPages.param(ctx, "amount", 32);
        String description = PortalPages.param(ctx, "description", 1000);
        String reference = PortalPages.param(ctx, "reference", 200);
        PortalText t = pages.text(ctx);
        BigDecimal amount = amount(amountText);
        if (amount == null) {
            form(ctx, ErrorKind.VALIDATION.status(), t.get("links.invalid.amount"), amountText, description, reference);
            return;
        }
        Actor actor = Actor.portal(
                PortalPages.merchant(ctx).id(), ctx.request().remoteAddress().hostAddress());
        links.create(PortalPages.merchant(ctx), amount, description, reference, actor)
                // to the link's own page: reloading it never makes a second payment
                .onSuccess(link -> PortalPages.seeOther(ctx, "/portal/links/" + link.paymentId()))
                .onFailure(failure -> {
                    if (failure instanceof ServiceException invalid && invalid.kind() == ErrorKind.VALIDATION) {
                        String field = invalid.field() == null ? "amount" : invalid.field();
                        form(
                                ctx,
                                ErrorKind.VALIDATION.status(),
                                t.get("links.invalid." + field),
                                amountText,
                                description,
                                reference);
                    } else {
                        ctx.fail(failure);
                    }
                });
    }

    /** A link made earlier (any payment of this merchant): its URL, QR code, share link and where it stands. */
    private void show(RoutingContext ctx) {
        UUID id = PortalPages.parseUuid(ctx.pathParam("id"));
        if (id == null) {
            pages.notFound(ctx);
            return;
        }
        payments.get(PortalPages.merchant(ctx).id(), id)
                .onSuccess(payment -> {
                    PortalText t = pages.text(ctx);
                    String message = t.get("links.share_text", t.amount(payment.amount()), payment.redirectUrl());
                    Map<String, Object> model = new HashMap<>();
                    model.put("error", null);
                    model.put("amount", "");
                    model.put("description", "");
                    model.put("reference", "");
                    model.put("link", payment);
                    model.put("qr", QrSvg.of(payment.redirectUrl()));
                    model.put("whatsapp", "https://wa.me/?text=" + URLEncoder.encode(message, StandardCharsets.UTF_8));
                    pages.render(ctx, 200, "portal/links.jte", model);
                })
                .onFailure(ctx::fail);
    }

    /**
     * The amount as typed, or null when it is not a plain positive number: spaces (also no-break ones) group
     * thousands, one comma or dot is the decimal mark. Its range and scale are then the API's rules.
     */
    static BigDecimal amount(String typed) {
        String plain = typed.replace(" ", "").replace("\u00a0", "").replace("\u202f", "");
        if (!plain.matches("\\d{1,12}([.,]\\d{1,2})?")) {
            return null;
        }
        return new BigDecimal(plain.replace(',', '.'));
    }
}
