package io.walletpay.loadtest;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;

/**
 * One event loop's part of an open loop: starts the flows the {@link RateSchedule} hands it, each with the time it
 * was due, unless {@code --max-outstanding} flows are still unanswered, when the flow is dropped as "backlog".
 */
final class RateLane extends VerticleBase {

    private final PaymentFlow flow;
    private final int maxOutstanding;

    RateLane(PaymentFlow flow, int maxOutstanding) {
        this.flow = flow;
        this.maxOutstanding = maxOutstanding;
    }

    @Override
    public Future<?> start() {
        return Future.succeededFuture();
    }

    /** Called from the schedule's thread; the flows start on this lane's event loop. */
    void submit(long[] due, int count) {
        context.runOnContext(v -> {
            for (int i = 0; i < count; i++) {
                if (flow.outstanding() >= maxOutstanding) {
                    flow.dropped(due[i]);
                } else {
                    flow.run(due[i]);
                }
            }
        });
    }
}
