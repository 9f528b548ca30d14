package io.walletpay.http;

import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.Actor;
import io.walletpay.net.ClientAddress;
import io.walletpay.usecase.ReviewTransfers;
import io.walletpay.view.TransferViews;

/**
 * {@code /api/admin/transfers}: every merchant's refunds and payouts as operators see them ({@code ?needs_review=true}
 * for those held because their outcome stayed unknown), one of them, and an operator's decision on a held one
 * ({@code POST …/{id}/resolve}). The admin guard is mounted on {@code /api/admin/*} by the merchants' routes.
 */
final class AdminTransferRoutes {

    private final ReviewTransfers review;

    AdminTransferRoutes(ReviewTransfers review) {
        this.review = review;
    }

    void mount(Router router) {
        router.get("/api/admin/transfers").handler(this::list);
        router.get("/api/admin/transfers/:id").handler(this::get);
        router.post("/api/admin/transfers/:id/resolve").handler(this::resolve);
    }

    private void list(RoutingContext ctx) {
        PageCursor cursor = Queries.cursor(ctx);
        review.list(needsReview(ctx), Queries.limit(ctx), cursor.startingAfter(), cursor.endingBefore())
                .onSuccess(page -> Responses.page(ctx, page.transfers(), TransferViews::forOperator, page.hasMore()))
                .onFailure(ctx::fail);
    }

    private void get(RoutingContext ctx) {
        review.get(Queries.pathId(ctx, "Transfer"))
                .onSuccess(transfer -> Responses.success(ctx, 200, TransferViews.forOperator(transfer)))
                .onFailure(ctx::fail);
    }

    private void resolve(RoutingContext ctx) {
        review.resolve(Queries.pathId(ctx, "Transfer"), Bodies.json(ctx), Actor.admin(ClientAddress.of(ctx)))
                .onSuccess(transfer -> Responses.success(ctx, 200, TransferViews.forOperator(transfer)))
                .onFailure(ctx::fail);
    }

    /** {@code needs_review=true} keeps only the held ones; absent or {@code false}, every transfer. */
    private static boolean needsReview(RoutingContext ctx) {
        String value = Queries.text(ctx, "needs_review", 5);
        if (value == null || value.equals("false")) {
            return false;
        }
        if (value.equals("true")) {
            return true;
        }
        throw ServiceException.invalid("needs_review", "needs_review must be true or false");
    }
}
