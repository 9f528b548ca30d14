package io.walletpay.http;

import io.vertx.ext.web.RoutingContext;

/**
 * An API path with an empty segment ({@code /api/merchant/payments/wallet//}) is no route: vertx-web matches routes
 * against the normalized path, in which {@code //} is one slash, so without this a mistyped path would reach the
 * route it resembles (and create a payment). It answers 404 {@code route_not_found}, as any unknown path does.
 */
final class EmptyPathSegments {

    private EmptyPathSegments() {}

    static void refuse(RoutingContext ctx) {
        String path = ctx.request().path();
        if (path != null && path.contains("//")) {
            ErrorResponder.send(ctx, ErrorResponder.routeNotFound(ctx));
            return;
        }
        ctx.next();
    }
}
