package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.checkout.Checkout;
import io.walletpay.error.ServiceException;
import io.walletpay.payment.Charge;
import io.walletpay.payment.CreatePaymentRequest;
import io.walletpay.payment.IdempotencyClaim;
import io.walletpay.payment.ListPayments;
import io.walletpay.payment.NewPayment;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentPage;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.payment.ShortCode;
import io.walletpay.payment.StoredResponse;
import io.walletpay.payment.TransitionPayment;
import io.walletpay.store.CheckoutStore;
import io.walletpay.store.PaymentExpiryStore;
import io.walletpay.store.PaymentStore;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * {@link PaymentStore}, {@link CheckoutStore} and {@link PaymentExpiryStore} in memory, for use cases' unit tests: the same rules as the PostgreSQL store (a transition
 * only from pending, fees kept only by a completed payment, a checkout open while pending, unexpired and its
 * merchant active, one claim per Idempotency-Key: {@code PaymentStoreContract} holds both to them), and a record of
 * every transition made.
 */
final class InMemoryPaymentStore implements PaymentStore, CheckoutStore, PaymentExpiryStore {

    private record Key(UUID merchantId, String key) {}

    private record Claim(UUID claimId, byte[] requestHash, StoredResponse answer) {}

    final Map<UUID, Payment> payments = new LinkedHashMap<>();
    final List<TransitionPayment> transitions = new ArrayList<>();
    final Set<UUID> disabledMerchants = new HashSet<>();
    private final Map<Key, Claim> keys = new HashMap<>();
    int expiredKeys;
    private int shortCodes;
    private long addedCodes;

    /** A payment as stored, {@code status} and expiry as the test wants them. */
    Payment add(UUID merchantId, String amount, PaymentStatus status, OffsetDateTime expiresAt) {
        return add(merchantId, amount, status, expiresAt, "sandbox");
    }

    /** The same, taken by the provider named {@code provider}. */
    Payment add(UUID merchantId, String amount, PaymentStatus status, OffsetDateTime expiresAt, String provider) {
        UUID id = UUID.randomUUID();
        BigDecimal value = new BigDecimal(amount);
        BigDecimal fees = new BigDecimal("3.00");
        NewPayment created = new NewPayment(
                id,
                ShortCode.of((1L << 38) | ++addedCodes),
                merchantId,
                new CreatePaymentRequest(value, "ref-" + id, null, null, null),
                new Charge(value, fees, value.subtract(fees)),
                "token-" + id,
                "http://localhost/checkout/token-" + id,
                now(),
                expiresAt,
                provider);
        Payment pending = Payment.stored(created, null);
        Payment payment = status == PaymentStatus.PENDING ? pending : leavePending(pending, status);
        payments.put(id, payment);
        return payment;
    }

    Payment pending(UUID merchantId) {
        return add(merchantId, "100.00", PaymentStatus.PENDING, now().plusMinutes(30));
    }

    static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }

    @Override
    public Future<IdempotencyClaim> claimIdempotencyKey(UUID merchantId, String key, UUID claimId, byte[] hash) {
        Claim held = keys.get(new Key(merchantId, key));
        if (held == null) {
            keys.put(new Key(merchantId, key), new Claim(claimId, hash, null));
            return Future.succeededFuture(new IdempotencyClaim(null));
        }
        if (!Arrays.equals(held.requestHash(), hash)) {
            return Future.failedFuture(
                    new ServiceException(io.walletpay.error.ErrorKind.CONFLICT, "idempotency_key_reused", "reused"));
        }
        if (held.answer() == null) {
            return Future.failedFuture(
                    new ServiceException(io.walletpay.error.ErrorKind.CONFLICT, "idempotency_key_in_use", "in use"));
        }
        return Future.succeededFuture(new IdempotencyClaim(held.answer()));
    }

    @Override
    public Future<Void> releaseIdempotencyKey(UUID merchantId, String key, UUID claimId) {
        Claim held = keys.get(new Key(merchantId, key));
        if (held != null && held.claimId().equals(claimId) && held.answer() == null) {
            keys.remove(new Key(merchantId, key));
        }
        return Future.succeededFuture();
    }

    boolean holdsKey(UUID merchantId, String key) {
        return keys.containsKey(new Key(merchantId, key));
    }

    @Override
    public Future<StoredResponse> create(NewPayment payment, String key, UUID claimId, StoredResponse answer) {
        if (key != null) {
            Claim held = keys.get(new Key(payment.merchantId(), key));
            if (held == null || !held.claimId().equals(claimId) || held.answer() != null) {
                return Future.failedFuture(new ServiceException(
                        io.walletpay.error.ErrorKind.CONFLICT, "idempotency_key_in_use", "in use"));
            }
            keys.put(new Key(payment.merchantId(), key), new Claim(claimId, held.requestHash(), answer));
        }
        payments.put(payment.id(), Payment.stored(payment, null));
        return Future.succeededFuture(answer);
    }

    @Override
    public Future<Payment> get(UUID merchantId, UUID id) {
        Payment payment = payments.get(id);
        return payment == null || !payment.merchantId().equals(merchantId)
                ? Future.failedFuture(ServiceException.notFound("Payment"))
                : Future.succeededFuture(payment);
    }

    @Override
    public Future<PaymentPage> list(ListPayments query) {
        List<Payment> page = payments.values().stream()
                .filter(p -> p.merchantId().equals(query.merchantId()))
                .limit(query.limit())
                .toList();
        return Future.succeededFuture(new PaymentPage(page, false));
    }

    @Override
    public Future<Payment> transition(TransitionPayment command) {
        Payment payment = payments.get(command.paymentId());
        if (payment == null
                || (command.merchantId() != null && !command.merchantId().equals(payment.merchantId()))) {
            return Future.failedFuture(ServiceException.notFound("Payment"));
        }
        try {
            payment.status().transitionTo(command.target()); // the 409 that explains a refusal
        } catch (ServiceException refused) {
            return Future.failedFuture(refused);
        }
        transitions.add(command);
        Payment changed = leavePending(payment, command);
        payments.put(changed.id(), changed);
        return Future.succeededFuture(changed);
    }

    @Override
    public Future<Checkout> decide(String token, PaymentStatus target, String payer, String failureReason) {
        return checkout(token)
                .compose(checkout -> checkout.open()
                        ? transition(new TransitionPayment(
                                        checkout.payment().id(), null, target, null, failureReason, payer))
                                .map(checkout::with)
                        : Future.succeededFuture(checkout));
    }

    @Override
    public Future<Checkout> decline(String token, Integer declinesSeen) {
        return checkout(token).map(checkout -> {
            if (!checkout.open() || (declinesSeen != null && checkout.payment().declines() != declinesSeen)) {
                return checkout;
            }
            Payment p = checkout.payment();
            Payment declined = p.declinedOnce(now());
            payments.put(p.id(), declined);
            return checkout.with(declined);
        });
    }

    @Override
    public Future<Checkout> checkout(String token) {
        return payments.values().stream()
                .filter(p -> p.checkoutToken().equals(token))
                .findFirst()
                .map(p -> Future.succeededFuture(checkoutOf(p)))
                .orElseGet(() -> Future.failedFuture(ServiceException.notFound("Checkout")));
    }

    @Override
    public Future<Checkout> checkoutOf(UUID paymentId) {
        Payment payment = payments.get(paymentId);
        return payment == null
                ? Future.failedFuture(ServiceException.notFound("Checkout"))
                : Future.succeededFuture(checkoutOf(payment));
    }

    @Override
    public Future<java.util.Optional<Checkout>> checkoutByProviderTransaction(String transactionId) {
        return Future.succeededFuture(payments.values().stream()
                .filter(p -> transactionId.equals(p.providerTransactionId()))
                .findFirst()
                .map(this::checkoutOf));
    }

    @Override
    public Future<Boolean> anyAwaitingProvider(java.time.Duration recent) {
        OffsetDateTime since = now().minus(recent);
        return Future.succeededFuture(payments.values().stream()
                .anyMatch(p ->
                        p.status() == PaymentStatus.PENDING || p.createdAt().isAfter(since)));
    }

    private Checkout checkoutOf(Payment payment) {
        return new Checkout(
                payment,
                "Shop",
                "https://shop.example/return",
                !payment.expiresAt().isAfter(now()),
                "ht",
                !disabledMerchants.contains(payment.merchantId()));
    }

    @Override
    public Future<Boolean> flagForReview(UUID paymentId, String reason, String providerTransactionId) {
        Payment p = payments.get(paymentId);
        if (p == null || p.needsReview()) {
            return Future.succeededFuture(false);
        }
        payments.put(paymentId, p.flaggedForReview(reason, providerTransactionId, now()));
        return Future.succeededFuture(true);
    }

    @Override
    public Future<Boolean> keepOpenFor(UUID paymentId, java.time.Duration atLeast) {
        Payment p = payments.get(paymentId);
        if (p == null || p.status() != PaymentStatus.PENDING || !p.expiresAt().isAfter(now())) {
            return Future.succeededFuture(false);
        }
        OffsetDateTime until = now().plus(atLeast);
        payments.put(paymentId, p.openUntil(until.isAfter(p.expiresAt()) ? until : p.expiresAt(), now()));
        return Future.succeededFuture(true);
    }

    @Override
    public Future<List<Payment>> expireDue() {
        List<Payment> due = payments.values().stream()
                .filter(p ->
                        p.status() == PaymentStatus.PENDING && !p.expiresAt().isAfter(now()))
                .limit(EXPIRY_BATCH)
                .toList();
        List<Payment> expired = new ArrayList<>();
        for (Payment payment : due) {
            Payment changed =
                    leavePending(payment, new TransitionPayment(payment.id(), null, PaymentStatus.EXPIRED, null));
            payments.put(changed.id(), changed);
            expired.add(changed);
        }
        return Future.succeededFuture(expired);
    }

    @Override
    public Future<List<Payment>> dueForExpiry(int limit, Payment after) {
        java.util.Comparator<Payment> order =
                java.util.Comparator.comparing(Payment::expiresAt).thenComparing(Payment::id);
        return Future.succeededFuture(payments.values().stream()
                .filter(p ->
                        p.status() == PaymentStatus.PENDING && !p.expiresAt().isAfter(now()))
                .filter(p -> after == null || order.compare(p, after) > 0)
                .sorted(order)
                .limit(limit)
                .toList());
    }

    @Override
    public Future<Integer> purgeExpiredKeys() {
        int purged = Math.min(expiredKeys, EXPIRY_BATCH);
        expiredKeys -= purged;
        return Future.succeededFuture(purged);
    }

    private static Payment leavePending(Payment p, PaymentStatus status) {
        return p.leftPending(status, null, null, null, now());
    }

    private static Payment leavePending(Payment p, TransitionPayment command) {
        return p.leftPending(
                command.target(), command.providerTransactionId(), command.payer(), command.failureReason(), now());
    }

    @Override
    public Future<List<String>> reserveShortCodes(int count) {
        List<String> codes = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            codes.add(String.format("WP-%08d", shortCodes++));
        }
        return Future.succeededFuture(codes);
    }
}
