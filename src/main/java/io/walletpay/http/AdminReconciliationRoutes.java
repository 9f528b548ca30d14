package io.walletpay.http;

import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.money.ReconciliationRun.Trigger;
import io.walletpay.store.BooksStore;
import io.walletpay.usecase.ReconcileBooks;
import io.walletpay.view.BooksViews;

/**
 * {@code /api/admin/reconciliation}: check the books now, and the kept runs. Behind the admin guard that
 * {@link AdminMerchantRoutes} puts on {@code /api/admin/*}, so it is mounted after those.
 */
final class AdminReconciliationRoutes {

    private final BooksStore runs;
    private final ReconcileBooks books;

    AdminReconciliationRoutes(BooksStore runs, ReconcileBooks books) {
        this.runs = runs;
        this.books = books;
    }

    void mount(Router router) {
        router.post("/api/admin/reconciliation").handler(this::run);
        router.get("/api/admin/reconciliation").handler(this::list);
    }

    /** Takes no body: one is ignored, as the run depends on nothing a request could say. */
    private void run(RoutingContext ctx) {
        books.run(Trigger.OPERATOR)
                .onSuccess(run -> Responses.success(ctx, 201, BooksViews.run(run)))
                .onFailure(ctx::fail);
    }

    private void list(RoutingContext ctx) {
        PageCursor cursor = Queries.cursor(ctx);
        runs.runs(Queries.limit(ctx), cursor.startingAfter(), cursor.endingBefore())
                .onSuccess(page -> Responses.page(ctx, page.runs(), BooksViews::run, page.hasMore()))
                .onFailure(ctx::fail);
    }
}
