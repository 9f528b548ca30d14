package io.walletpay.store;

import static io.walletpay.store.StoreTestSupport.await;
import static io.walletpay.store.StoreTestSupport.merchant;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.sqlclient.Tuple;
import io.walletpay.error.ServiceException;
import io.walletpay.payment.Charge;
import io.walletpay.payment.CreatePaymentRequest;
import io.walletpay.payment.NewLink;
import io.walletpay.payment.NewPayment;
import io.walletpay.payment.Payment;
import io.walletpay.support.BehaviourTest;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code max_payments} holds when many customers pay through one link at the same moment: of N concurrent
 * attempts on a link of M places (some already taken, some given back by failed payments), exactly the free
 * places are filled and every other attempt is refused, storing nothing: as busy while payments in progress hold
 * the places, as gone once paid ones have used the link up.
 */
@BehaviourTest
class PaymentLinkMaxPaymentsTest {

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    @ParameterizedTest(name = "max {0}, {1} already paid, {2} failed, {3} at once")
    @CsvSource({"1, 0, 0, 16", "3, 0, 0, 24", "5, 2, 0, 20", "4, 1, 3, 30", "10, 0, 0, 10", "2, 2, 0, 8"})
    void concurrentPaymentsNeverExceedMaxPayments(int max, int paid, int failed, int attempts) throws Exception {
        Database database = fixture.database("links-test");
        try {
            PgPaymentLinkStore links = new PgPaymentLinkStore(database);
            UUID merchant = merchant(database);
            NewLink link = new NewLink(
                    UUID.randomUUID(),
                    merchant,
                    "code-" + UUID.randomUUID(),
                    new BigDecimal("25.00"),
                    null,
                    "Tickets",
                    null,
                    null,
                    max,
                    OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS));
            await(links.create(link));
            for (int i = 0; i < paid + failed; i++) {
                Payment earlier = await(links.createPayment(link.id(), payment(merchant)));
                String status = i < paid ? "completed" : "failed";
                await(database.statements()
                        .preparedQuery("UPDATE payments SET status = $2 WHERE id = $1")
                        .execute(Tuple.of(earlier.id(), status)));
            }

            List<Future<Payment>> racing = new ArrayList<>();
            for (int i = 0; i < attempts; i++) {
                racing.add(links.createPayment(link.id(), payment(merchant)));
            }
            await(Future.join(racing).otherwiseEmpty());

            int free = max - paid;
            long made = racing.stream().filter(Future::succeeded).count();
            assertThat(made).isEqualTo(Math.min(free, attempts));
            // refused as gone only when paid payments used the link up; else the places are held by ones in progress
            String refusal = paid >= max ? PaymentLinkStore.GONE : PaymentLinkStore.BUSY;
            assertThat(racing.stream().filter(Future::failed)).allSatisfy(refused -> assertThat(refused.cause())
                    .isInstanceOfSatisfying(ServiceException.class, why -> assertThat(why.code())
                            .isEqualTo(refusal)));
            var stored = await(links.get(merchant, link.id()));
            assertThat(stored.paymentsInUse()).isEqualTo(max);
            assertThat(stored.paymentsCount()).isEqualTo(paid);
            assertThat(stored.busy(OffsetDateTime.now(ZoneOffset.UTC))).isEqualTo(paid < max);
            assertThat(stored.heldUntil() != null).isEqualTo(made > 0);
            assertThat(await(database.statements()
                                    .preparedQuery("SELECT count(*) FROM payments WHERE payment_link_id = $1")
                                    .execute(Tuple.of(link.id())))
                            .iterator()
                            .next()
                            .getLong(0))
                    .isEqualTo(paid + failed + made);
            // each keeps the number its short code was made of, by which the list's filter finds it
            assertThat(await(database.statements()
                                    .preparedQuery("SELECT count(*) FROM payments WHERE payment_link_id = $1"
                                            + " AND short_code = payment_short_code(short_code_number)")
                                    .execute(Tuple.of(link.id())))
                            .iterator()
                            .next()
                            .getLong(0))
                    .isEqualTo(paid + failed + made);
        } finally {
            await(database.close());
        }
    }

    private static NewPayment payment(UUID merchant) {
        BigDecimal amount = new BigDecimal("25.00");
        String token = UUID.randomUUID().toString();
        UUID id = UUID.randomUUID();
        return NewPayment.createdNow(
                id,
                "WP-" + id.toString().substring(0, 8).toUpperCase(),
                merchant,
                new CreatePaymentRequest(amount, null, null, null, "Tickets"),
                new Charge(amount, new BigDecimal("0.00"), amount),
                token,
                "http://localhost/checkout/" + token,
                Duration.ofMinutes(30),
                "sandbox");
    }
}
