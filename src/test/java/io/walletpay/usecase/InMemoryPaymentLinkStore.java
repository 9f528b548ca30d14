package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.AuditEntry;
import io.walletpay.merchant.Merchant;
import io.walletpay.payment.LinkPage;
import io.walletpay.payment.ListLinks;
import io.walletpay.payment.NewLink;
import io.walletpay.payment.NewPayment;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentLink;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.payment.PublicLink;
import io.walletpay.store.PaymentLinkStore;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * {@link PaymentLinkStore} in memory, for use cases' unit tests: links in a map, their payments in an
 * {@link InMemoryPaymentStore}, counted as the PostgreSQL store counts them (completed ones for what was collected;
 * completed or pending, expired or not, for {@code max_payments}). Single-threaded, so no lock is needed.
 */
final class InMemoryPaymentLinkStore implements PaymentLinkStore {

    /** A stored link and whether it is active; the counts are worked out from the payments when asked. */
    private record Stored(NewLink link, boolean active) {}

    final Map<UUID, Stored> links = new LinkedHashMap<>();
    private final InMemoryPaymentStore payments;
    private final Map<UUID, Merchant> merchants;

    InMemoryPaymentLinkStore(InMemoryPaymentStore payments, Map<UUID, Merchant> merchants) {
        this.payments = payments;
        this.merchants = merchants;
    }

    void deactivateNow(UUID id) {
        links.computeIfPresent(id, (key, stored) -> new Stored(stored.link(), false));
    }

    @Override
    public Future<PaymentLink> create(NewLink link) {
        links.put(link.id(), new Stored(link, true));
        return get(link.merchantId(), link.id());
    }

    @Override
    public Future<PaymentLink> get(UUID merchantId, UUID id) {
        Stored stored = links.get(id);
        if (stored == null || !stored.link().merchantId().equals(merchantId)) {
            return Future.failedFuture(ServiceException.notFound("Payment link"));
        }
        return Future.succeededFuture(view(stored));
    }

    @Override
    public Future<LinkPage> list(ListLinks query) {
        List<PaymentLink> mine = new ArrayList<>();
        links.values().stream()
                .filter(stored -> stored.link().merchantId().equals(query.merchantId()))
                .limit(query.limit())
                .forEach(stored -> mine.add(view(stored)));
        return Future.succeededFuture(new LinkPage(mine, false));
    }

    @Override
    public Future<PaymentLink> deactivate(UUID merchantId, UUID id, AuditEntry entry) {
        return get(merchantId, id).compose(found -> {
            deactivateNow(id); // no audit log here: its entry is the PostgreSQL store's to write
            return get(merchantId, id);
        });
    }

    @Override
    public Future<PublicLink> byCode(String code) {
        return links.values().stream()
                .filter(stored -> stored.link().code().equals(code))
                .findFirst()
                .map(stored -> {
                    Merchant merchant = merchants.get(stored.link().merchantId());
                    return Future.succeededFuture(
                            new PublicLink(view(stored), merchant.name(), merchant.locale(), merchant.active()));
                })
                .orElseGet(() -> Future.failedFuture(ServiceException.notFound("Payment link")));
    }

    @Override
    public Future<Payment> createPayment(UUID linkId, NewPayment payment) {
        Stored stored = links.get(linkId);
        if (stored == null) {
            return Future.failedFuture(ServiceException.notFound("Payment link"));
        }
        if (view(stored).gone(InMemoryPaymentStore.now()) != null) {
            return Future.failedFuture(
                    new ServiceException(ErrorKind.GONE, GONE, "This payment link takes no more payments"));
        }
        if (view(stored).busy(InMemoryPaymentStore.now())) {
            return Future.failedFuture(new ServiceException(ErrorKind.CONFLICT, BUSY, "Every place left is held"));
        }
        Payment stored0 = Payment.stored(payment, linkId);
        payments.payments.put(payment.id(), stored0);
        return Future.succeededFuture(stored0);
    }

    private PaymentLink view(Stored stored) {
        NewLink link = stored.link();
        List<Payment> through = payments.payments.values().stream()
                .filter(p -> link.id().equals(p.paymentLinkId()))
                .toList();
        List<Payment> completed = through.stream()
                .filter(p -> p.status() == PaymentStatus.COMPLETED)
                .toList();
        List<Payment> inProgress = through.stream()
                .filter(p -> p.status() == PaymentStatus.PENDING)
                .toList();
        long inUse = completed.size() + inProgress.size();
        return new PaymentLink(
                link.id(),
                link.merchantId(),
                link.code(),
                link.amount(),
                link.minAmount(),
                link.description(),
                link.referenceId(),
                link.expiresAt(),
                link.maxPayments(),
                stored.active(),
                link.createdAt(),
                completed.size(),
                completed.stream().map(Payment::amount).reduce(new BigDecimal("0.00"), BigDecimal::add),
                (int) inUse,
                inProgress.stream()
                        .map(Payment::expiresAt)
                        .min(Comparator.naturalOrder())
                        .orElse(null));
    }
}
