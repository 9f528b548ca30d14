package io.walletpay.http;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.error.ServiceException;
import io.walletpay.payment.Payment;
import io.walletpay.report.SettlementCsv;
import io.walletpay.report.SettlementReport;
import io.walletpay.store.Stores;
import io.walletpay.view.Timestamps;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.Locale;

/**
 * {@code GET /api/merchant/reports/settlement?date=YYYY-MM-DD}: the merchant's completed payments of that day in
 * Haiti with the provider's transaction ids, amounts, fees, net and totals, for reconciling against the MonCash
 * statement. JSON by default; CSV with {@code Accept: text/csv} or {@code ?format=csv}.
 */
final class SettlementRoutes {

    private static final DateTimeFormatter DATE =
            DateTimeFormatter.ofPattern("uuuu-MM-dd").withResolverStyle(ResolverStyle.STRICT);

    private final Stores stores;

    SettlementRoutes(Stores stores) {
        this.stores = stores;
    }

    void mount(Router router) {
        router.get("/api/merchant/reports/settlement").handler(this::settlement);
    }

    private void settlement(RoutingContext ctx) {
        LocalDate date =
                date(Queries.requiredText(ctx, "date", 10, "date is required, as YYYY-MM-DD (a day in Haiti)"));
        boolean csv = csv(ctx);
        var merchant = MerchantGuard.merchant(ctx);
        stores.reports()
                .settlementDay(merchant.id(), date)
                .onSuccess(report -> {
                    if (csv) {
                        ctx.response()
                                .putHeader("Content-Type", "text/csv; charset=utf-8")
                                .putHeader("Cache-Control", "no-store")
                                .putHeader(
                                        "Content-Disposition", "attachment; filename=\"settlement-" + date + ".csv\"")
                                .end(SettlementCsv.render(report));
                    } else {
                        Responses.success(ctx, 200, json(report));
                    }
                })
                .onFailure(ctx::fail);
    }

    private static LocalDate date(String text) {
        try {
            return LocalDate.parse(text, DATE);
        } catch (DateTimeParseException e) {
            throw ServiceException.invalid("date", "date must be a calendar day written YYYY-MM-DD");
        }
    }

    /** {@code ?format=} wins over Accept; only json and csv exist. */
    private static boolean csv(RoutingContext ctx) {
        String format = Queries.text(ctx, "format", 10);
        if (format != null) {
            return switch (format.toLowerCase(Locale.ROOT)) {
                case "csv" -> true;
                case "json" -> false;
                default -> throw ServiceException.invalid("format", "format must be json or csv");
            };
        }
        String accept = ctx.request().getHeader("Accept");
        return accept != null
                && accept.toLowerCase(Locale.ROOT).contains("text/csv")
                && !accept.toLowerCase(Locale.ROOT).contains("application/json");
    }

    private static JsonObject json(SettlementReport report) {
        JsonArray payments = new JsonArray();
        for (SettlementReport.Line line : report.payments()) {
            payments.add(new JsonObject()
                    .put("payment_id", line.paymentId().toString())
                    .put("reference_id", line.referenceId())
                    .put("provider_transaction_id", line.providerTransactionId())
                    .put("completed_at", Timestamps.format(line.completedAt()))
                    .put("amount", line.amount().toPlainString())
                    .put("fees", line.fees().toPlainString())
                    .put("net_amount", line.netAmount().toPlainString()));
        }
        JsonArray transfers = new JsonArray();
        for (SettlementReport.Outgoing transfer : report.transfers()) {
            transfers.add(new JsonObject()
                    .put("id", transfer.id().toString())
                    .put("type", transfer.type())
                    .put(
                            "payment_id",
                            transfer.paymentId() == null
                                    ? null
                                    : transfer.paymentId().toString())
                    .put("provider_transaction_id", transfer.providerTransactionId())
                    .put("settled_at", Timestamps.format(transfer.settledAt()))
                    .put("amount", transfer.amount().toPlainString()));
        }
        return new JsonObject()
                .put("date", report.date().toString())
                .put("time_zone", SettlementReport.ZONE.getId())
                .put("currency", Payment.CURRENCY)
                .put("count", report.payments().size())
                .put("total_amount", report.totalAmount().toPlainString())
                .put("total_fees", report.totalFees().toPlainString())
                .put("total_net", report.totalNet().toPlainString())
                .put("payments", payments)
                .put("total_refunded", report.totalRefunded().toPlainString())
                .put("total_paid_out", report.totalPaidOut().toPlainString())
                .put("transfers", transfers);
    }
}
