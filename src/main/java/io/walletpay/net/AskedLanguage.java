package io.walletpay.net;

import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.HttpException;

/**
 * The language a page's address asks for, {@code ?lang=}, as the customer's pages and the portal read it. It is read
 * again when a refused request's page is drawn, so a query that cannot be decoded asks for nothing here rather than
 * failing the page that says so.
 */
public final class AskedLanguage {

    private AskedLanguage() {}

    /** The {@code lang} query parameter, or null. */
    public static String of(RoutingContext ctx) {
        try {
            return ctx.queryParams().get("lang");
        } catch (IllegalArgumentException | HttpException undecodable) {
            // vertx-web wraps the decoder's IllegalArgumentException in a 400 HttpException
            return null;
        }
    }
}
