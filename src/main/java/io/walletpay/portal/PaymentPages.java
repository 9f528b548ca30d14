package io.walletpay.portal;

import io.vertx.core.Future;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.money.Transfer;
import io.walletpay.page.PageText;
import io.walletpay.payment.Payment;
import io.walletpay.store.Stores;
import io.walletpay.usecase.CancelPayment;
import io.walletpay.webhook.DeliveryDetail;
import io.walletpay.webhook.ListDeliveries;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code /portal/payments}: the filtered list (cursor pages), its CSV export, one payment with its timeline and its
 * webhook deliveries with their attempts, Redeliver, Cancel while pending, and its refunds (asked for on
 * {@link MoneyPages}). Always the session's merchant only.
 */
final class PaymentPages {

    private static final Logger log = LoggerFactory.getLogger(PaymentPages.class);
    private static final int PAGE_SIZE = 50;

    private final PortalPages pages;
    private final Stores stores;
    private final CancelPayment cancellation;
    private final PaymentsCsv csv;

    PaymentPages(PortalPages pages, Stores stores, CancelPayment cancellation) {
        this.pages = pages;
        this.stores = stores;
        this.cancellation = cancellation;
        this.csv = new PaymentsCsv(stores.payments());
    }

    void mount(Router router) {
        router.get("/portal/payments").handler(this::list);
        router.get("/portal/payments.csv").handler(this::export);
        router.get("/portal/payments/:id").handler(ctx -> detail(ctx, MoneyPages.doneNotice(ctx)));
        router.post("/portal/payments/:id/cancel").handler(this::cancel);
        router.post("/portal/payments/:id/redeliver").handler(this::redeliver);
    }

    private static Optional<PaymentFilter> filter(RoutingContext ctx) {
        return PaymentFilter.of(
                PortalPages.param(ctx, "status", 32),
                PortalPages.param(ctx, "reference", PaymentFilter.MAX_REFERENCE),
                PortalPages.param(ctx, "from", 10),
                PortalPages.param(ctx, "to", 10),
                PortalPages.param(ctx, "link", 36));
    }

    private void list(RoutingContext ctx) {
        Optional<PaymentFilter> filter = filter(ctx);
        Optional<ListPage> asked = ListPage.asked(ctx);
        if (filter.isEmpty() || asked.isEmpty()) {
            pages.badRequest(ctx);
            return;
        }
        stores.payments()
                .list(filter.get()
                        .query(
                                PortalPages.merchant(ctx).id(),
                                PAGE_SIZE,
                                asked.get().startingAfter(),
                                asked.get().endingBefore()))
                .onSuccess(page -> {
                    List<Payment> payments = page.payments();
                    Map<String, Object> model = new HashMap<>();
                    model.put("payments", payments);
                    model.put("filter", filter.get());
                    String prefix = "/portal/payments?" + filter.get().queryString() + "&";
                    model.put("nextHref", asked.get().next(prefix, page.hasMore(), payments, Payment::id));
                    model.put("previousHref", asked.get().previous(prefix, page.hasMore(), payments, Payment::id));
                    model.put(
                            "exportHref", "/portal/payments.csv?" + filter.get().queryString());
                    model.put(
                            "exportSemicolonHref",
                            "/portal/payments.csv?" + filter.get().queryString() + "&sep=semicolon");
                    pages.render(ctx, 200, "portal/payments.jte", model);
                })
                .onFailure(ctx::fail);
    }

    private void export(RoutingContext ctx) {
        Optional<PaymentFilter> filter = filter(ctx);
        if (filter.isEmpty()) {
            pages.badRequest(ctx);
            return;
        }
        UUID merchantId = PortalPages.merchant(ctx).id();
        PortalPages.secureHeaders(ctx);
        ctx.response()
                .putHeader(HttpHeaders.CONTENT_TYPE, "text/csv; charset=utf-8")
                .putHeader(
                        HttpHeaders.CONTENT_DISPOSITION,
                        "attachment; filename=\"payments-" + LocalDate.now(PageText.HAITI) + ".csv\"");
        csv.export(merchantId, filter.get(), PaymentsCsv.Form.of(PortalPages.param(ctx, "sep", 16)), ctx.response())
                .onFailure(failure -> log.warn("a CSV export of merchant {} broke off: {}", merchantId, failure));
    }

    void detail(RoutingContext ctx, String notice) {
        UUID id = PortalPages.parseUuid(ctx.pathParam("id"));
        if (id == null) {
            pages.notFound(ctx);
            return;
        }
        UUID merchantId = PortalPages.merchant(ctx).id();
        Future<Payment> payment = stores.payments().get(merchantId, id);
        Future<List<DeliveryDetail>> deliveries = stores.deliveries()
                .list(new ListDeliveries(merchantId, null, id, null, null, 100, null))
                .compose(page -> Future.all(page.deliveries().stream()
                                .map(d -> stores.deliveries().get(merchantId, d.id()))
                                .toList())
                        .map(all -> all.<DeliveryDetail>list()));
        Future<List<Transfer>> refunds = stores.transfers().refunds(merchantId, id);
        Future<List<io.walletpay.webhook.WebhookEndpoint>> endpoints =
                stores.endpoints().list(merchantId);
        Future.all(payment, deliveries, refunds, endpoints)
                .onSuccess(all -> {
                    Map<String, Object> model = new HashMap<>();
                    model.put("p", payment.result());
                    model.put("deliveries", deliveries.result());
                    model.put("endpoints", DeliveryEndpoints.of(endpoints.result()));
                    model.put("refunds", refunds.result());
                    model.put("actor", PortalPages.actor(ctx).who());
                    model.put(
                            "timeline",
                            PaymentTimeline.of(
                                    payment.result(), deliveries.result(), refunds.result(), pages.text(ctx)));
                    model.put("formKey", UUID.randomUUID().toString());
                    // a refund is asked again first: the link opens ?confirm=refund, whose form refunds
                    model.put(
                            "confirmingRefund",
                            notice == null && "refund".equals(PortalPages.param(ctx, "confirm", 8)));
                    model.put("notice", notice == null ? null : pages.text(ctx).get(notice));
                    // cancelling is asked again first: the link opens ?confirm=cancel, whose form cancels
                    model.put(
                            "confirmingCancel",
                            notice == null && "cancel".equals(PortalPages.param(ctx, "confirm", 8)));
                    pages.render(ctx, 200, "portal/payment.jte", model);
                })
                .onFailure(ctx::fail);
    }

    /** The API's cancel use case, scoped to the session's merchant; the page then shows the payment as it is. */
    private void cancel(RoutingContext ctx) {
        UUID id = PortalPages.parseUuid(ctx.pathParam("id"));
        if (id == null) {
            pages.notFound(ctx);
            return;
        }
        cancellation
                .cancel(PortalPages.merchant(ctx).id(), id)
                .onSuccess(cancelled -> detail(ctx, "payment.cancelled"))
                .onFailure(ctx::fail);
    }

    private void redeliver(RoutingContext ctx) {
        UUID id = PortalPages.parseUuid(ctx.pathParam("id"));
        UUID delivery = PortalPages.parseUuid(PortalPages.param(ctx, "delivery_id", 64));
        if (id == null || delivery == null) {
            pages.badRequest(ctx);
            return;
        }
        stores.deliveries()
                .redeliver(PortalPages.merchant(ctx).id(), delivery)
                .onSuccess(queued -> detail(ctx, "payment.redelivered"))
                .onFailure(ctx::fail);
    }
}
