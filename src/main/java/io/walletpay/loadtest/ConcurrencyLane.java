package io.walletpay.loadtest;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.VerticleBase;
import java.util.concurrent.TimeUnit;

/**
 * One event loop's share of a closed loop: {@code workers} flows in flight, each worker starting its next flow
 * when the last one finished, until the run's end. The maximum throughput, with latency measured from each send.
 */
final class ConcurrencyLane extends VerticleBase {

    private final int workers;
    private final RunClock clock;
    private final PaymentFlow flow;
    private final Promise<Void> finished;
    private int running;
    private long timer = -1;

    ConcurrencyLane(int workers, RunClock clock, PaymentFlow flow, Promise<Void> finished) {
        this.workers = workers;
        this.clock = clock;
        this.flow = flow;
        this.finished = finished;
    }

    @Override
    public Future<?> start() {
        if (workers == 0) {
            finished.tryComplete();
            return Future.succeededFuture();
        }
        long delayMs = Math.max(1, TimeUnit.NANOSECONDS.toMillis(clock.start() - System.nanoTime()));
        timer = vertx.setTimer(delayMs, id -> {
            running = workers;
            for (int i = 0; i < workers; i++) {
                next();
            }
        });
        return Future.succeededFuture();
    }

    @Override
    public Future<?> stop() {
        vertx.cancelTimer(timer);
        finished.tryComplete();
        return Future.succeededFuture();
    }

    private void next() {
        long now = System.nanoTime();
        if (now >= clock.end()) {
            if (--running == 0) {
                finished.tryComplete();
            }
            return;
        }
        try {
            // back on this lane's loop before the next send, so a chain of answers never deepens the stack
            flow.run(now).onComplete(done -> context.runOnContext(v -> next()));
        } catch (RuntimeException e) {
            finished.tryFail(e); // a worker that stopped must end the run, not leave it waiting
        }
    }
}
