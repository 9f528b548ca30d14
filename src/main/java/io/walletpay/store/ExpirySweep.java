package io.walletpay.store;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.walletpay.payment.Payment;
import java.time.Duration;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Periodically expires pending payments past their {@code expires_at} (with their outbox rows) and purges
 * expired Idempotency-Keys. Safe with any number of instances: rows are claimed with SKIP LOCKED and the
 * UPDATE is conditional on {@code pending}.
 */
final class ExpirySweep {

  private static final Logger log = LoggerFactory.getLogger(ExpirySweep.class);

  private final Vertx vertx;
  private final PaymentStore payments;
  private final Consumer<Payment> announce;
  private long timer = -1;
  private boolean running;

  ExpirySweep(Vertx vertx, PaymentStore payments, Consumer<Payment> announce) {
    this.vertx = vertx;
    this.payments = payments;
    this.announce = announce;
  }

  void start(Duration interval) {
    timer = vertx.setPeriodic(interval.toMillis(), interval.toMillis(), tick -> sweep());
  }

  void stop() {
    vertx.cancelTimer(timer);
  }

  /** One sweep: batches until a batch comes back short. Overlapping ticks are skipped, not queued. */
  void sweep() {
    if (running) {
      return;
    }
    running = true;
    expireBatches()
        .compose(expired -> purgeKeyBatches())
        .onFailure(failure -> log.warn("expiry sweep failed, retrying next tick: {}", failure.toString()))
        .onComplete(done -> running = false);
  }

  private Future<Void> purgeKeyBatches() {
    return payments.purgeExpiredKeys().compose(purged ->
        purged < PaymentStore.EXPIRY_BATCH ? Future.succeededFuture() : purgeKeyBatches());
  }

  private Future<Void> expireBatches() {
    return payments.expireDue().compose(expired -> {
      expired.forEach(announce);
      if (!expired.isEmpty()) {
        log.info("expired {} pending payments", expired.size());
      }
      return expired.size() < PaymentStore.EXPIRY_BATCH ? Future.succeededFuture() : expireBatches();
    });
  }

}
