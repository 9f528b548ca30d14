package io.walletpay.store;

import io.vertx.core.Vertx;
import io.vertx.core.shareddata.Shareable;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether the database is down as the stores last saw it, so an outage is logged once: one WARN when the first
 * request finds it unreachable and one INFO when a request reaches it again, not one line per failed request.
 * One per Vert.x instance, shared by every store verticle instance.
 */
public final class OutageLog implements Shareable {

    private static final Logger log = LoggerFactory.getLogger(OutageLog.class);

    private final AtomicBoolean down = new AtomicBoolean();

    OutageLog() {}

    /** The one instance of {@code vertx}. */
    public static OutageLog of(Vertx vertx) {
        return (OutageLog) vertx.sharedData()
                .getLocalMap("walletpay.database-outage")
                .computeIfAbsent("log", key -> new OutageLog());
    }

    /** A request found the database unreachable; logs a WARN only if it was reachable until now. */
    public void unreachable(String cause) {
        if (down.compareAndSet(false, true)) {
            log.warn("database unavailable, answering 503 until it is back: {}", cause);
        }
    }

    /** A request reached the database; logs an INFO only if it was unreachable until now. */
    public void reachable() {
        if (down.compareAndSet(true, false)) {
            log.info("database reachable again");
        }
    }

    public boolean down() {
        return down.get();
    }
}
