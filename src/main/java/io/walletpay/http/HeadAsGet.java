package io.walletpay.http;

import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

/**
 * HEAD is answered as GET would be, without the body (Vert.x leaves a HEAD answer's body out and keeps its headers),
 * so an uptime monitor or a load balancer checking with HEAD sees what GET would, not a 405. Installed first on a
 * router, so the request is routed once, as a GET; the access log still names it HEAD.
 */
final class HeadAsGet {

    private static final String KEY = HeadAsGet.class.getName();

    private HeadAsGet() {}

    static void install(Router router) {
        router.route().handler(HeadAsGet::reroute);
    }

    /** Whether the request came as HEAD and is routed as GET. */
    static boolean wasHead(RoutingContext ctx) {
        return ctx.get(KEY) != null;
    }

    private static void reroute(RoutingContext ctx) {
        String target = ctx.request().uri();
        if (ctx.request().method() == HttpMethod.HEAD && target.startsWith("/")) {
            ctx.put(KEY, Boolean.TRUE);
            ctx.reroute(HttpMethod.GET, target);
        } else {
            ctx.next();
        }
    }
}
