package io.walletpay.store;

import static io.walletpay.store.ContractCalls.await;
import static io.walletpay.store.ContractCalls.code;
import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.checkout.Checkout;
import io.walletpay.payment.Charge;
import io.walletpay.payment.CreatePaymentRequest;
import io.walletpay.payment.ListPayments;
import io.walletpay.payment.NewPayment;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.payment.ShortCode;
import io.walletpay.payment.StoredResponse;
import io.walletpay.payment.TransitionPayment;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * What every implementation of the payment stores ({@link PaymentStore}, {@link CheckoutStore},
 * {@link PaymentExpiryStore}) must do, run against each: the in-memory stores the use cases' tests use, and
 * PostgreSQL. A fake that drifts from the database fails here, not in a use case's test that trusted it.
 */
public abstract class PaymentStoreContract {

    private static final AtomicLong CODES = new AtomicLong();

    /** The merchant-facing store under test. */
    protected abstract PaymentStore payments();

    /** The checkout store over the same payments. */
    protected abstract CheckoutStore checkouts();

    /** The expiry store over the same payments. */
    protected abstract PaymentExpiryStore expiry();

    /** A new, active merchant the stores know. */
    protected abstract UUID newMerchant() throws Exception;

    @Test
    void aCreatedPaymentIsReadBackPendingAsItWasStoredAndOnlyByItsMerchant() throws Exception {
        UUID merchant = newMerchant();
        NewPayment created = payment(merchant, "150.00", Duration.ofMinutes(30), "moncash");

        StoredResponse answer = await(payments().create(created, null, null, new StoredResponse(201, "{}")));
        Payment stored = await(payments().get(merchant, created.id()));

        assertThat(answer.status()).isEqualTo(201);
        assertThat(stored.status()).isEqualTo(PaymentStatus.PENDING);
        assertThat(stored.amount()).isEqualByComparingTo("150.00");
        assertThat(stored.fees()).isEqualByComparingTo("5.00");
        assertThat(stored.netAmount()).isEqualByComparingTo("145.00");
        assertThat(stored.referenceId()).isEqualTo(created.request().referenceId());
        assertThat(stored.shortCode()).isEqualTo(created.shortCode());
        assertThat(stored.checkoutToken()).isEqualTo(created.checkoutToken());
        assertThat(stored.provider()).isEqualTo("moncash");
        assertThat(stored.declines()).isZero();
        assertThat(stored.needsReview()).isFalse();
        assertThat(stored.amountRefunded()).isEqualByComparingTo("0");
        assertThat(code(() -> payments().get(newMerchant(), created.id()))).isEqualTo("not_found");
        assertThat(await(payments().list(new ListPayments(merchant, null, null, null, null, 10, null)))
                        .payments())
                .extracting(Payment::id)
                .containsExactly(created.id());
    }

    @Test
    void aTestModePaymentIsReadBackInTestModeAndALiveOneLive() throws Exception {
        UUID merchant = newMerchant();
        NewPayment live = payment(merchant, "150.00", Duration.ofMinutes(30), "sandbox");
        NewPayment template = payment(merchant, "150.00", Duration.ofMinutes(30), "sandbox");
        NewPayment test = new NewPayment(
                template.id(),
                template.shortCode(),
                template.merchantId(),
                template.request(),
                template.charge(),
                template.checkoutToken(),
                template.redirectUrl(),
                template.createdAt(),
                template.expiresAt(),
                template.provider(),
                false);

        await(payments().create(live, null, null, new StoredResponse(201, "{}")));
        await(payments().create(test, null, null, new StoredResponse(201, "{}")));

        assertThat(await(payments().get(merchant, live.id())).livemode()).isTrue();
        assertThat(await(payments().get(merchant, test.id())).livemode()).isFalse();
    }

    @Test
    void aPendingPaymentLeavesPendingOnceAndOnlyACompletedOneKeepsItsFees() throws Exception {
        UUID merchant = newMerchant();
        UUID paid = create(merchant, Duration.ofMinutes(30)).id();
        UUID cancelled = create(merchant, Duration.ofMinutes(30)).id();

        Payment completed = await(payments()
                .transition(
                        new TransitionPayment(paid, merchant, PaymentStatus.COMPLETED, "TX-1", null, "50937001234")));
        Payment ended =
                await(payments().transition(new TransitionPayment(cancelled, merchant, PaymentStatus.CANCELLED, null)));

        assertThat(completed.status()).isEqualTo(PaymentStatus.COMPLETED);
        assertThat(completed.fees()).isEqualByComparingTo("5.00");
        assertThat(completed.completedAt()).isNotNull();
        assertThat(completed.providerTransactionId()).isEqualTo("TX-1");
        assertThat(completed.payer()).isEqualTo("50937001234");
        assertThat(ended.fees()).isEqualByComparingTo("0");
        assertThat(ended.netAmount()).isEqualByComparingTo("0");
        assertThat(ended.completedAt()).isNull();
        assertThat(code(() ->
                        payments().transition(new TransitionPayment(paid, merchant, PaymentStatus.CANCELLED, null))))
                .isEqualTo("invalid_state");
        assertThat(code(() -> payments()
                        .transition(new TransitionPayment(paid, newMerchant(), PaymentStatus.CANCELLED, null))))
                .isEqualTo("not_found");
        assertThat(await(checkouts().checkoutByProviderTransaction("TX-1")))
                .map(found -> found.payment().id())
                .contains(paid);
    }

    @Test
    void theCustomersChoiceDecidesAnOpenCheckoutAndNotAnExpiredOne() throws Exception {
        UUID merchant = newMerchant();
        NewPayment open = create(merchant, Duration.ofMinutes(30));
        NewPayment late = create(merchant, Duration.ofMinutes(-1));

        Checkout decided = await(checkouts().decide(open.checkoutToken(), PaymentStatus.COMPLETED, "50937001234"));
        Checkout refused = await(checkouts().decide(late.checkoutToken(), PaymentStatus.COMPLETED, "50937001234"));

        assertThat(decided.payment().status()).isEqualTo(PaymentStatus.COMPLETED);
        assertThat(decided.payment().payer()).isEqualTo("50937001234");
        assertThat(refused.payment().status()).isEqualTo(PaymentStatus.PENDING);
        assertThat(refused.pastExpiry()).isTrue();
        assertThat(await(checkouts().checkoutOf(open.id())).payment().status()).isEqualTo(PaymentStatus.COMPLETED);
        assertThat(code(() -> checkouts().checkout("no-such-token"))).isEqualTo("not_found");
    }

    @Test
    void aDeclineCountsOncePerFormTheCustomerSaw() throws Exception {
        NewPayment payment = create(newMerchant(), Duration.ofMinutes(30));

        await(checkouts().decline(payment.checkoutToken(), 0));
        Checkout twice = await(checkouts().decline(payment.checkoutToken(), 0));

        assertThat(twice.payment().declines()).isEqualTo(1);
        assertThat(twice.payment().status()).isEqualTo(PaymentStatus.PENDING);
    }

    @Test
    void aPaymentIsFlaggedForReviewOnceKeepingItsStatus() throws Exception {
        UUID merchant = newMerchant();
        NewPayment payment = create(merchant, Duration.ofMinutes(30));

        boolean first = await(checkouts().flagForReview(payment.id(), "amount_mismatch", "TX-9"));
        boolean again = await(checkouts().flagForReview(payment.id(), "order_mismatch", "TX-10"));
        Payment flagged = await(payments().get(merchant, payment.id()));

        assertThat(first).isTrue();
        assertThat(again).isFalse();
        assertThat(flagged.needsReview()).isTrue();
        assertThat(flagged.reviewReason()).isEqualTo("amount_mismatch");
        assertThat(flagged.providerTransactionId()).isEqualTo("TX-9");
        assertThat(flagged.status()).isEqualTo(PaymentStatus.PENDING);
    }

    @Test
    void anOpenPaymentIsKeptOpenLongerButNeverShorterAndAClosedOneNot() throws Exception {
        UUID merchant = newMerchant();
        NewPayment payment = create(merchant, Duration.ofMinutes(30));
        NewPayment late = create(merchant, Duration.ofMinutes(-1));

        boolean longer = await(checkouts().keepOpenFor(payment.id(), Duration.ofHours(2)));
        OffsetDateTime extended = await(payments().get(merchant, payment.id())).expiresAt();
        boolean shorter = await(checkouts().keepOpenFor(payment.id(), Duration.ofMinutes(1)));

        assertThat(longer).isTrue();
        assertThat(extended).isAfter(OffsetDateTime.now(ZoneOffset.UTC).plusMinutes(90));
        assertThat(shorter).isTrue();
        assertThat(await(payments().get(merchant, payment.id())).expiresAt()).isEqualTo(extended);
        assertThat(await(checkouts().keepOpenFor(late.id(), Duration.ofHours(2))))
                .isFalse();
    }

    @Test
    void theSweepFindsAndExpiresDuePaymentsOnlyWithoutTheirFees() throws Exception {
        UUID merchant = newMerchant();
        NewPayment due = create(merchant, Duration.ofMinutes(-1));
        NewPayment open = create(merchant, Duration.ofMinutes(30));

        assertThat(await(expiry().dueForExpiry(PaymentExpiryStore.EXPIRY_BATCH, null)))
                .extracting(Payment::id)
                .contains(due.id())
                .doesNotContain(open.id());
        assertThat(await(expiry().expireDue())).extracting(Payment::id).contains(due.id());

        Payment expired = await(payments().get(merchant, due.id()));
        assertThat(expired.status()).isEqualTo(PaymentStatus.EXPIRED);
        assertThat(expired.fees()).isEqualByComparingTo("0");
        assertThat(await(payments().get(merchant, open.id())).status()).isEqualTo(PaymentStatus.PENDING);
    }

    @Test
    void anIdempotencyKeyReplaysItsFirstAnswerAndRefusesAnotherBody() throws Exception {
        UUID merchant = newMerchant();
        NewPayment payment = payment(merchant, "150.00", Duration.ofMinutes(30), "sandbox");
        byte[] body = {1, 2, 3};
        UUID claim = UUID.randomUUID();

        assertThat(await(payments().claimIdempotencyKey(merchant, "key-1", claim, body))
                        .replay())
                .isNull();
        await(payments().create(payment, "key-1", claim, new StoredResponse(201, "{\"first\":true}")));

        StoredResponse replay = await(payments().claimIdempotencyKey(merchant, "key-1", UUID.randomUUID(), body))
                .replay();
        assertThat(replay.status()).isEqualTo(201);
        assertThat(replay.body()).isEqualTo("{\"first\":true}");
        assertThat(code(() -> payments().claimIdempotencyKey(merchant, "key-1", UUID.randomUUID(), new byte[] {9})))
                .isEqualTo("idempotency_key_reused");
    }

    private NewPayment create(UUID merchant, Duration expiresIn) throws Exception {
        NewPayment payment = payment(merchant, "150.00", expiresIn, "sandbox");
        await(payments().create(payment, null, null, new StoredResponse(201, "{}")));
        return payment;
    }

    /** A payment to store, created an hour ago, expiring {@code expiresIn} from now. */
    static NewPayment payment(UUID merchant, String amount, Duration expiresIn, String provider) {
        UUID id = UUID.randomUUID();
        BigDecimal value = new BigDecimal(amount);
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
        return new NewPayment(
                id,
                // far above the database sequence's numbers, one per payment of this JVM
                ShortCode.of((1L << 39) | CODES.incrementAndGet()),
                merchant,
                new CreatePaymentRequest(value, "ref-" + id, "Jan Pyè", null, "Tickets"),
                new Charge(value, new BigDecimal("5.00"), value.subtract(new BigDecimal("5.00"))),
                "token-" + id,
                "http://localhost/checkout/token-" + id,
                now.minusHours(1),
                now.plus(expiresIn),
                provider);
    }
}
