package io.walletpay.http;

import io.vertx.core.http.HttpConnection;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Owns the count of open HTTP connections of one service, shared by all its HTTP verticle instances (each runs
 * on its own event loop, hence the atomic). A connection over {@code http.max_connections} is closed as soon as
 * it is accepted, before it can hold a request, so a flood of idle or trickling clients cannot exhaust file
 * descriptors and memory; the ones already open keep being served.
 */
public final class ConnectionLimit {

    private static final Logger log = LoggerFactory.getLogger(ConnectionLimit.class);

    private final int max;
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicInteger refusedSinceLog = new AtomicInteger();
    private volatile long lastLogAt;

    public ConnectionLimit(int max) {
        this.max = max;
    }

    /** The server's connection handler: counts the connection until it closes, or closes it when over the limit. */
    void accept(HttpConnection connection) {
        if (open.incrementAndGet() > max) {
            open.decrementAndGet();
            refused();
            connection.close();
            return;
        }
        connection.closeHandler(closed -> open.decrementAndGet());
    }

    /** At most one warning a second: a flood must not become a flood of log lines too. */
    private void refused() {
        refusedSinceLog.incrementAndGet();
        long now = System.currentTimeMillis();
        if (now - lastLogAt >= 1_000) {
            lastLogAt = now;
            log.warn("refused {} connection(s) over http.max_connections={}", refusedSinceLog.getAndSet(0), max);
        }
    }
}
