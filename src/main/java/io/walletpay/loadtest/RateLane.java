package io.walletpay.loadtest;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Timer;
import io.vertx.core.VerticleBase;
import java.util.concurrent.TimeUnit;

/**
 * One event loop's share of an open-loop schedule. Flow number {@code n} is due at {@code start + n / rate}
 * whatever happened to earlier ones; this lane owns the numbers {@code lane, lane + lanes, …}. It wakes at the next
 * due time (a nanosecond timer: a millisecond tick alone would add up to a millisecond to every measured latency)
 * and starts every flow that is due by then, each with its due time, so a stalled loop or a slow service delays
 * the sends but not the clock the latency is measured against.
 */
final class RateLane extends VerticleBase {

  private final int lanes;
  private final double nanosPerFlow;
  private final RunClock clock;
  private final PaymentFlow flow;
  private final int maxOutstanding;
  private final Promise<Void> finished;
  private long next;
  private Timer wake;

  RateLane(int lane, int lanes, double rate, RunClock clock, PaymentFlow flow, int maxOutstanding,
           Promise<Void> finished) {
    this.lanes = lanes;
    this.nanosPerFlow = 1e9 / rate;
    this.clock = clock;
    this.flow = flow;
    this.maxOutstanding = maxOutstanding;
    this.finished = finished;
    this.next = lane;
  }

  @Override
  public Future<?> start() {
    wakeAt(due(next));
    return Future.succeededFuture();
  }

  @Override
  public Future<?> stop() {
    if (wake != null) {
      wake.cancel();
    }
    finished.tryComplete();
    return Future.succeededFuture();
  }

  private void tick() {
    long now = System.nanoTime();
    while (true) {
      long due = due(next);
      if (due >= clock.end()) {
        finished.tryComplete();
        return;
      }
      if (due > now) {
        wakeAt(due);
        return;
      }
      next += lanes;
      if (flow.outstanding() >= maxOutstanding) {
        flow.dropped(due);
      } else {
        flow.run(due);
      }
    }
  }

  private long due(long number) {
    return clock.start() + (long) (number * nanosPerFlow);
  }

  private void wakeAt(long due) {
    wake = vertx.timer(Math.max(0, due - System.nanoTime()), TimeUnit.NANOSECONDS);
    wake.onSuccess(fired -> tick());
  }
}
