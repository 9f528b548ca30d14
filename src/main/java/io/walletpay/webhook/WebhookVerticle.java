package io.walletpay.webhook;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.walletpay.bus.Addresses;
import io.walletpay.bus.Messages.PaymentUpdated;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Signs and sends webhooks. Wakes up on {@code payment.updated}; the outbox rows in PostgreSQL are the truth. */
public final class WebhookVerticle extends VerticleBase {

  private static final Logger log = LoggerFactory.getLogger(WebhookVerticle.class);

  @Override
  public Future<?> start() {
    vertx.eventBus().<PaymentUpdated>consumer(Addresses.PAYMENT_UPDATED, message -> wakeUp(message.body()));
    return Future.succeededFuture();
  }

  private void wakeUp(PaymentUpdated event) {
    log.debug("payment {} is now {}", event.paymentId(), event.status());
  }
}
