package io.walletpay.usecase;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.walletpay.checkout.SandboxWalletProvider;
import io.walletpay.checkout.WalletProviders;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.Merchant;
import io.walletpay.merchant.MerchantStatus;
import io.walletpay.payment.NewLink;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentLink;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.payment.TransitionPayment;
import io.walletpay.payment.TypedAmount;
import io.walletpay.store.MerchantStore;
import io.walletpay.store.PaymentLinkStore;
import io.walletpay.support.TestConfig;
import io.walletpay.support.TestMerchants;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A customer paying through a payment link, over in-memory stores. */
class PayThroughLinkTest {

    @TempDir
    Path dataDir;

    private final InMemoryPaymentStore payments = new InMemoryPaymentStore();
    private final Map<UUID, Merchant> merchants = new HashMap<>();
    private final InMemoryPaymentLinkStore links = new InMemoryPaymentLinkStore(payments, merchants);
    private final Merchant merchant = merchant(MerchantStatus.ACTIVE);

    @Test
    void lookingCreatesNothingAndEachPayCreatesAFreshPaymentOfTheLink() {
        PayThroughLink customer = customer();
        NewLink link = link(new BigDecimal("250.00"), null, null, null);

        assertThat(done(customer.show(link.code())).merchantName()).isEqualTo("Boutik Lakay");
        assertThat(payments.payments).isEmpty();

        Payment first = done(customer.pay(link.code(), "999")); // a typed amount is ignored on a fixed link
        Payment second = done(customer.pay(link.code(), null));

        assertThat(first.id()).isNotEqualTo(second.id());
        assertThat(first.redirectUrl()).isNotEqualTo(second.redirectUrl());
        for (Payment payment : payments.payments.values()) {
            assertThat(payment.paymentLinkId()).isEqualTo(link.id());
            assertThat(payment.amount()).isEqualByComparingTo("250.00");
            assertThat(payment.fees()).isEqualByComparingTo("11.25"); // the merchant's 2.5 % + 5.00
            assertThat(payment.description()).isEqualTo("Diri ak pwa");
            assertThat(payment.referenceId()).isEqualTo("STALL-1");
            assertThat(payment.status()).isEqualTo(PaymentStatus.PENDING);
        }
    }

    @Test
    void aTypedAmountIsReadAsPeopleWriteItWithinTheLinksMinimumAndTheLargestPayment() {
        PayThroughLink customer = customer();
        NewLink link = link(null, new BigDecimal("100.00"), null, null);

        assertThat(done(customer.pay(link.code(), "1 500,50")).amount()).isEqualByComparingTo("1500.50");
        assertThat(done(customer.pay(link.code(), "1\u00a0500.5")).amount()).isEqualByComparingTo("1500.50");
        assertThat(done(customer.pay(link.code(), "0100")).amount()).isEqualByComparingTo("100.00");

        assertThat(refusal(customer.pay(link.code(), "99.99")).code()).isEqualTo(TypedAmount.TOO_SMALL);
        assertThat(refusal(customer.pay(link.code(), "100000.01")).code()).isEqualTo(TypedAmount.TOO_LARGE);
        for (String bad : new String[] {null, "", "abc", "1.2345", "-5", "1,500,50", "1e3"}) {
            ServiceException refused = refusal(customer.pay(link.code(), bad));
            assertThat(refused.code()).as(bad).isEqualTo(TypedAmount.INVALID);
            assertThat(refused.field()).isEqualTo(PayThroughLink.AMOUNT);
        }
        assertThat(payments.payments).hasSize(3);
    }

    @Test
    void paymentsInProgressHoldPlacesButOnlyCompletedOnesUseTheLinkUp() {
        PayThroughLink customer = customer();
        NewLink link = link(new BigDecimal("50.00"), null, null, 2);
        Payment first = done(customer.pay(link.code(), null));
        Payment second = done(customer.pay(link.code(), null));

        // both places held by customers who have not paid (yet): busy until the first of them expires, not gone
        ServiceException busy = refusal(customer.pay(link.code(), null));
        assertThat(busy.code()).isEqualTo(PaymentLinkStore.BUSY);
        assertThat(busy.kind()).isEqualTo(ErrorKind.CONFLICT);
        var shown = done(customer.show(link.code()));
        assertThat(PayThroughLink.gone(shown)).isNull();
        assertThat(PayThroughLink.busy(shown)).isTrue();
        assertThat(shown.link().heldUntil()).isEqualTo(first.expiresAt());

        // a failed payment gives its place back
        done(payments.transition(new TransitionPayment(first.id(), null, PaymentStatus.FAILED, null)));
        assertThat(PayThroughLink.busy(done(customer.show(link.code())))).isFalse();
        Payment third = done(customer.pay(link.code(), null));
        assertThat(refusal(customer.pay(link.code(), null)).code()).isEqualTo(PaymentLinkStore.BUSY);

        // one paid, one still in progress: busy; both paid: used up
        done(payments.transition(new TransitionPayment(second.id(), null, PaymentStatus.COMPLETED, null)));
        shown = done(customer.show(link.code()));
        assertThat(PayThroughLink.busy(shown)).isTrue();
        assertThat(shown.link().heldUntil()).isEqualTo(third.expiresAt());
        done(payments.transition(new TransitionPayment(third.id(), null, PaymentStatus.COMPLETED, null)));
        shown = done(customer.show(link.code()));
        assertThat(PayThroughLink.gone(shown)).isEqualTo(PaymentLink.Gone.USED_UP);
        assertThat(PayThroughLink.busy(shown)).isFalse();
        assertThat(refusal(customer.pay(link.code(), null)).kind()).isEqualTo(ErrorKind.GONE);
        assertThat(payments.payments).hasSize(3);
    }

    @Test
    void deactivatedAndExpiredLinksAndDisabledMerchantsTakeNoPayment() {
        PayThroughLink customer = customer();
        NewLink off = link(new BigDecimal("5.00"), null, null, null);
        links.deactivateNow(off.id());
        assertThat(PayThroughLink.gone(done(customer.show(off.code())))).isEqualTo(PaymentLink.Gone.DEACTIVATED);
        assertThat(refusal(customer.pay(off.code(), null)).code()).isEqualTo(PaymentLinkStore.GONE);

        NewLink over = link(new BigDecimal("5.00"), null, OffsetDateTime.now().minusSeconds(1), null);
        assertThat(PayThroughLink.gone(done(customer.show(over.code())))).isEqualTo(PaymentLink.Gone.EXPIRED);
        assertThat(refusal(customer.pay(over.code(), null)).code()).isEqualTo(PaymentLinkStore.GONE);

        Merchant closed = merchant(MerchantStatus.DISABLED);
        NewLink closedShop = new NewLink(
                UUID.randomUUID(),
                closed.id(),
                "closed-code-1",
                new BigDecimal("5.00"),
                null,
                "x",
                null,
                null,
                null,
                OffsetDateTime.now());
        done(links.create(closedShop));
        assertThat(refusal(customer.pay(closedShop.code(), null)).kind()).isEqualTo(ErrorKind.FORBIDDEN);

        assertThat(refusal(customer.pay("no-such-code-1", null)).kind()).isEqualTo(ErrorKind.NOT_FOUND);
        assertThat(payments.payments).isEmpty();
    }

    private PayThroughLink customer() {
        CreatePayment create = new CreatePayment(
                payments,
                WalletProviders.only(new SandboxWalletProvider("http://localhost:8080")),
                TestConfig.forTest(dataDir, Map.of()).payments());
        return new PayThroughLink(links, merchantStore(), create);
    }

    private NewLink link(BigDecimal amount, BigDecimal minAmount, OffsetDateTime expiresAt, Integer maxPayments) {
        NewLink link = new NewLink(
                UUID.randomUUID(),
                merchant.id(),
                "code-" + UUID.randomUUID(),
                amount,
                minAmount,
                "Diri ak pwa",
                "STALL-1",
                expiresAt,
                maxPayments,
                OffsetDateTime.now());
        done(links.create(link));
        return link;
    }

    private Merchant merchant(MerchantStatus status) {
        Merchant made = TestMerchants.withStatus(status);
        merchants.put(made.id(), made);
        return made;
    }

    /** Only {@code get}: the one call paying through a link makes. */
    private MerchantStore merchantStore() {
        return (MerchantStore) java.lang.reflect.Proxy.newProxyInstance(
                MerchantStore.class.getClassLoader(), new Class<?>[] {MerchantStore.class}, (proxy, method, args) -> {
                    if (!method.getName().equals("get")) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    Merchant found = merchants.get((UUID) args[0]);
                    return found == null
                            ? Future.failedFuture(ServiceException.notFound("Merchant"))
                            : Future.succeededFuture(found);
                });
    }

    private static <T> T done(Future<T> future) {
        assertThat(future.succeeded()).as(String.valueOf(future.cause())).isTrue();
        return future.result();
    }

    private static ServiceException refusal(Future<?> future) {
        assertThat(future.failed()).as("refused").isTrue();
        assertThat(future.cause()).isInstanceOf(ServiceException.class);
        return (ServiceException) future.cause();
    }
}
