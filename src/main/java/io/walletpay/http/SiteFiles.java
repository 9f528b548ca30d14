package io.walletpay.http;

import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

/**
 * The files every browser and crawler asks a site for, so they get an answer instead of a 404: {@code /favicon.ico}
 * (the wallet mark pages show in their tab) and {@code /robots.txt} (payment pages stay out of search indexes).
 */
final class SiteFiles {

    private static final String ONE_DAY = "public, max-age=86400";

    void mount(Router router) {
        router.get("/favicon.ico").handler(ctx -> send(ctx, "favicon.ico", "image/x-icon"));
        router.get("/robots.txt").handler(ctx -> send(ctx, "robots.txt", "text/plain; charset=utf-8"));
    }

    private static void send(RoutingContext ctx, String resource, String contentType) {
        ctx.response()
                .putHeader("Content-Type", contentType)
                .putHeader("Cache-Control", ONE_DAY)
                .putHeader("X-Content-Type-Options", "nosniff")
                .sendFile(resource);
    }
}
