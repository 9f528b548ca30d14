package io.walletpay.http;

import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.RoutingContext;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One log line per request: method, route, status, duration and the request id, which is taken from a well-formed
 * {@code X-Request-Id} or {@code Request-Id} or made, echoed in the response under both names and kept on the
 * routing context for the error body ({@link #id(RoutingContext)}). The route is the template of the route that answered
 * ({@code /checkout/:token}), never the raw path: a checkout token or any other secret in the path must not reach
 * the logs whatever spelling carried it ({@code //checkout/…}, {@code /%63heckout/…}, dot segments). Methods
 * outside the standard set are logged as {@code OTHER}, so the line carries nothing the client chose freely.
 */
final class RequestLog {

    static final String HEADER = "X-Request-Id";
    static final String STANDARD_HEADER = "Request-Id";
    private static final String KEY = "walletpay.request_id";
    private static final Logger log = LoggerFactory.getLogger("walletpay.access");
    private static final String UNROUTED = "(unrouted)";
    private static final Set<HttpMethod> STANDARD_METHODS = Set.of(
            HttpMethod.GET,
            HttpMethod.HEAD,
            HttpMethod.POST,
            HttpMethod.PUT,
            HttpMethod.DELETE,
            HttpMethod.CONNECT,
            HttpMethod.OPTIONS,
            HttpMethod.TRACE,
            HttpMethod.PATCH);
    private static final Pattern SAFE_ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    private RequestLog() {}

    static void handle(RoutingContext ctx) {
        long started = System.nanoTime();
        String requestId = requestId(ctx);
        ctx.put(KEY, requestId);
        tag(ctx.response(), requestId);
        String[] route = {UNROUTED};
        // the route answering is current when the response head is written; by the end it may no longer be
        ctx.addHeadersEndHandler(written -> route[0] = template(ctx.currentRoute()));
        ctx.addEndHandler(done -> {
            if (log.isInfoEnabled()) {
                log.info(
                        "{} {} {} {}ms id={}",
                        HeadAsGet.wasHead(ctx) ? "HEAD" : method(ctx.request().method()),
                        route[0],
                        ctx.response().getStatusCode(),
                        (System.nanoTime() - started) / 1_000_000,
                        requestId);
            }
        });
        ctx.next();
    }

    /** This request's id; one made now for a request that never passed {@link #handle(RoutingContext)}. */
    static String id(RoutingContext ctx) {
        String id = ctx.get(KEY);
        if (id == null) {
            id = newRequestId();
            ctx.put(KEY, id);
            tag(ctx.response(), id);
        }
        return id;
    }

    /** Sends {@code id} under both header names: the common {@code X-Request-Id} and the unprefixed one. */
    static void tag(HttpServerResponse response, String id) {
        response.putHeader(HEADER, id).putHeader(STANDARD_HEADER, id);
    }

    private static String requestId(RoutingContext ctx) {
        String offered = offered(ctx.request().getHeader(HEADER));
        if (offered == null) {
            offered = offered(ctx.request().getHeader(STANDARD_HEADER));
        }
        return offered == null ? newRequestId() : offered;
    }

    private static String offered(String value) {
        return value != null && SAFE_ID.matcher(value).matches() ? value : null;
    }

    /**
     * A request id only has to be unique in the logs, not unguessable: a per-thread random source spares the hot
     * path the shared SecureRandom behind UUID.randomUUID().
     */
    static String newRequestId() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return new UUID(random.nextLong(), random.nextLong()).toString();
    }

    /** The template the route was declared with; routes without one (catch-alls, 404s) share one label. */
    private static String template(Route route) {
        String path = route == null ? null : route.getPath();
        return path == null ? UNROUTED : path;
    }

    private static String method(HttpMethod method) {
        return STANDARD_METHODS.contains(method) ? method.name() : "OTHER";
    }
}
