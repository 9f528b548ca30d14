package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.checkout.ProviderOrder;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.store.ProviderOrderStore;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@link ProviderOrderStore} in memory: a try's redirect recorded once (the first wins), a decline counted once per
 * try on its payment, as PostgreSQL does.
 */
final class InMemoryProviderOrderStore implements ProviderOrderStore {

    private final InMemoryPaymentStore payments;
    final Map<String, String> redirects = new HashMap<>();
    final Set<String> declined = new HashSet<>();
    final Map<String, String> paid = new HashMap<>();

    InMemoryProviderOrderStore(InMemoryPaymentStore payments) {
        this.payments = payments;
    }

    @Override
    public Future<Optional<String>> opened(ProviderOrder order) {
        return Future.succeededFuture(Optional.ofNullable(redirects.get(order.id())));
    }

    @Override
    public Future<String> open(ProviderOrder order, String redirectUrl) {
        return Future.succeededFuture(redirects.computeIfAbsent(order.id(), id -> redirectUrl));
    }

    @Override
    public Future<Boolean> declined(ProviderOrder order, String transactionId, String reason) {
        // recorded once, and never over a try reported paid; counted only on its pending payment's current try
        if (paid.containsKey(order.id()) || !declined.add(order.id())) {
            return Future.succeededFuture(false);
        }
        Payment payment = payments.payments.get(order.paymentId());
        if (payment == null || payment.status() != PaymentStatus.PENDING || payment.declines() != order.attempt() - 1) {
            return Future.succeededFuture(false);
        }
        payments.payments.put(payment.id(), payment.declinedOnce(InMemoryPaymentStore.now()));
        return Future.succeededFuture(true);
    }

    @Override
    public Future<Void> paid(ProviderOrder order, String transactionId) {
        paid.put(order.id(), transactionId);
        return Future.succeededFuture();
    }
}
