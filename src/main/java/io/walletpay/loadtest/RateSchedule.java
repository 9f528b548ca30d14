package io.walletpay.loadtest;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * The clock of an open loop. Flow number {@code n} is due at {@code start + n / rate}, whatever happened to the
 * earlier ones; a thread of its own sleeps until the next due time and hands every flow due by then to the lanes
 * in turn, each with its due time, so a slow service or a busy event loop delays the sends but not the clock the
 * latency is measured against. Not an event-loop timer: those wake up to a millisecond late, which would add
 * that much to every measured latency.
 */
final class RateSchedule {

    private static final int MAX_BATCH = 1024;

    private final RunClock clock;
    private final double nanosPerFlow;
    private final List<RateLane> lanes;
    private final Promise<Void> finished = Promise.promise();
    private final Thread thread;
    private volatile boolean stopped;

    RateSchedule(RunClock clock, double rate, List<RateLane> lanes) {
        this.clock = clock;
        this.nanosPerFlow = 1e9 / rate;
        this.lanes = lanes;
        this.thread = new Thread(this::pace, "loadtest-rate-schedule");
        this.thread.setDaemon(true);
    }

    /** Starts the clock; the answer completes once the last flow is handed out. */
    Future<Void> start() {
        thread.start();
        return finished.future();
    }

    void stop() {
        stopped = true;
        LockSupport.unpark(thread);
    }

    private void pace() {
        try {
            int lanesCount = lanes.size();
            long[][] batches = new long[lanesCount][MAX_BATCH];
            int[] sizes = new int[lanesCount];
            long next = 0;
            int lane = 0;
            while (!stopped) {
                long due = due(next);
                if (due >= clock.end()) {
                    break;
                }
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(wait);
                    continue;
                }
                long now = System.nanoTime();
                // everything due by now goes out in one hand-over per lane
                while (due <= now && due < clock.end() && sizes[lane] < MAX_BATCH) {
                    batches[lane][sizes[lane]++] = due;
                    lane = (lane + 1) % lanesCount;
                    due = due(++next);
                }
                for (int i = 0; i < lanesCount; i++) {
                    if (sizes[i] > 0) {
                        lanes.get(i).submit(batches[i].clone(), sizes[i]);
                        sizes[i] = 0;
                    }
                }
            }
            finished.tryComplete();
        } catch (RuntimeException e) {
            finished.tryFail(e); // a schedule that stopped must end the run, not leave it waiting
        }
    }

    private long due(long number) {
        return clock.start() + (long) (number * nanosPerFlow);
    }
}
