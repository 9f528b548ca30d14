package io.walletpay.http;

import io.vertx.ext.web.RoutingContext;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One log line per request: method, path (never the query, which may carry tokens), status, duration and the
 * request id, which is taken from a well-formed {@code X-Request-Id} or made, and echoed in the response.
 */
final class RequestLog {

    static final String HEADER = "X-Request-Id";
    private static final Logger log = LoggerFactory.getLogger("walletpay.access");
    private static final Pattern SAFE_ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    private RequestLog() {}

    static void handle(RoutingContext ctx) {
        long started = System.nanoTime();
        String offered = ctx.request().getHeader(HEADER);
        String requestId = offered != null && SAFE_ID.matcher(offered).matches() ? offered : newRequestId();
        ctx.response().putHeader(HEADER, requestId);
        ctx.addEndHandler(done -> {
            if (log.isInfoEnabled()) {
                log.info(
                        "{} {} {} {}ms id={}",
                        ctx.request().method(),
                        safePath(ctx.request().path()),
                        ctx.response().getStatusCode(),
                        (System.nanoTime() - started) / 1_000_000,
                        requestId);
            }
        });
        ctx.next();
    }

    /**
     * A request id only has to be unique in the logs, not unguessable: a per-thread random source spares the hot
     * path the shared SecureRandom behind UUID.randomUUID().
     */
    private static String newRequestId() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return new UUID(random.nextLong(), random.nextLong()).toString();
    }

    /** Checkout paths carry a capability token: log its shape, not its value. */
    private static String safePath(String path) {
        if (path == null) {
            return "-";
        }
        return path.startsWith("/checkout/") ? "/checkout/…" : path;
    }
}
