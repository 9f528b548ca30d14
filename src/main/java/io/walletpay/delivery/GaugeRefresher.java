package io.walletpay.delivery;

import io.vertx.core.Vertx;
import io.walletpay.store.DeliveryStore;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a sender's gauges read from the database: the due backlog every 5 s (index look-ups), and rows by status at
 * the {@link CountingPace} (whole-table counts). Runs on the sender's event loop; stop it before the store closes.
 */
final class GaugeRefresher {

    private static final Logger log = LoggerFactory.getLogger(GaugeRefresher.class);
    /** Cheap index look-ups; often enough for a scrape interval. */
    private static final long BACKLOG_REFRESH_MS = 5_000;

    private final Vertx vertx;
    private final DeliveryStore store;
    private final BacklogGauges gauges;
    private final int failingAfterHours;
    private long backlogTimer = -1;
    private long countTimer = -1;
    private boolean stopped;

    GaugeRefresher(Vertx vertx, DeliveryStore store, BacklogGauges gauges, int failingAfterHours) {
        this.vertx = vertx;
        this.store = store;
        this.gauges = gauges;
        this.failingAfterHours = failingAfterHours;
    }

    void start() {
        backlogTimer = vertx.setPeriodic(0, BACKLOG_REFRESH_MS, tick -> store.backlog(failingAfterHours)
                .onSuccess(gauges::update)
                .onFailure(failure -> {
                    gauges.databaseDidNotAnswer();
                    log.debug("backlog gauges not refreshed: {}", failure.toString());
                }));
        count();
    }

    void stop() {
        stopped = true;
        vertx.cancelTimer(backlogTimer);
        vertx.cancelTimer(countTimer);
    }

    private void count() {
        long began = System.nanoTime();
        store.rowCounts()
                .onSuccess(gauges::update)
                .onFailure(failure -> log.debug("row count gauges not refreshed: {}", failure.toString()))
                .onComplete(done -> {
                    if (!stopped) {
                        Duration took = Duration.ofNanos(System.nanoTime() - began);
                        countTimer = vertx.setTimer(CountingPace.after(took).toMillis(), tick -> count());
                    }
                });
    }
}
