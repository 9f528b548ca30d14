package io.walletpay.bus;

/** Every event-bus address of the service, in one place. */
public final class Addresses {

  /** Request/reply: the store answers whether the database is reachable and migrated. */
  public static final String STORE_READINESS = "walletpay.store.readiness";

  /** Publish: a payment left {@code pending}; its webhook outbox row is already committed. A wake-up, not the truth. */
  public static final String PAYMENT_UPDATED = "walletpay.payment.updated";

  private Addresses() {
  }
}
