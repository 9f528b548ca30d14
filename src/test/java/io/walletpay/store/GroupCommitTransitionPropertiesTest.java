package io.walletpay.store;

import static io.walletpay.store.StoreTestSupport.await;
import static io.walletpay.store.StoreTestSupport.rows;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.sqlclient.Tuple;
import io.walletpay.config.AppConfig;
import io.walletpay.error.ServiceException;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.payment.TransitionPayment;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.TestMerchants;
import io.walletpay.webhook.DueDelivery;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Payment transitions submitted all at once (so that all but the first queue behind it and go to PostgreSQL in
 * batches) give the same answers and leave the same payments and outbox rows as the same transitions run one by
 * one, each after the previous answered: racing transitions of one payment (the first wins, the others are 409
 * {@code invalid_state}), another merchant's payment and an unknown one (404), and a row PostgreSQL refuses (fails
 * alone; the batch around it still commits). Every payment completed, alone or in a batch, credits its merchant's
 * ledger once with its net amount.
 */
@BehaviourTest
class GroupCommitTransitionPropertiesTest {

    private static final String LEDGER =
            "SELECT merchant_id, kind, source_id, amount FROM ledger_entries ORDER BY source_id";

    private static final List<PaymentStatus> TARGETS =
            List.of(PaymentStatus.COMPLETED, PaymentStatus.FAILED, PaymentStatus.CANCELLED, PaymentStatus.EXPIRED);

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void aRandomMixOfConcurrentTransitionsEndsTheSameBatchedAsOneByOne(long seed) throws Exception {
        Run batched = run(seed, true);
        Run alone = run(seed, false);

        assertThat(batched.outcomes()).isEqualTo(alone.outcomes());
        assertThat(batched.payments()).isEqualTo(alone.payments());
        assertThat(batched.outbox()).isEqualTo(alone.outbox());
        assertThat(alone.outcomes()).anyMatch(outcome -> outcome.startsWith("ok"));
        assertThat(alone.outcomes()).contains("invalid_state", "not_found");
        // a pending payment of another merchant is refused, not changed
        assertThat(alone.payments())
                .anyMatch(row -> row.contains("\"merchant_id\":\"" + new UUID(seed, 2))
                        && row.contains("\"status\":\"pending\""));
        assertThat(alone.outcomes().contains("failed"))
                .as("seed %d has a refused row", seed)
                .isEqualTo(seed >= 2);
        // every changed payment has exactly one event, whose body states the payment as it was committed
        assertThat(batched.outbox()).hasSize((int) batched.outcomes().stream()
                .filter(outcome -> outcome.startsWith("ok"))
                .count());
        assertThat(batched.eventsMatchingTheirPayment())
                .isEqualTo(batched.outbox().size());
        assertThat(batched.ledger()).isEqualTo(alone.ledger());
        assertThat(batched.ledger())
                .hasSize((int) batched.outcomes().stream()
                        .filter("ok completed"::equals)
                        .count())
                .isNotEmpty()
                .allMatch(entry -> entry.contains("\"kind\":\"payment\"") && entry.contains("\"amount\":97.00"));
        assertThat(batched.ledgerMatchingCompletedPayments())
                .isEqualTo(batched.ledger().size());
    }

    /**
     * Only the statement that moves a payment to completed credits it: a later statement over completed payments (a
     * flag, a refund's running total) credits nothing, not even a payment that was completed without a credit, and
     * one that moves payments elsewhere credits nothing either.
     */
    @Test
    void onlyTheStatementThatCompletesAPaymentCreditsTheLedger() throws Exception {
        Database database = fixture.database("ledger-test");
        PaymentStore store =
                PgPayments.on(database, fixture.config().payments(), true).payments();
        UUID merchant = StoreTestSupport.merchant(database);
        List<Future<Payment>> completions = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            UUID id = new UUID(7, i);
            // the last one is written completed directly (no statement of the service does that), so it has no credit
            await(database.statements()
                    .preparedQuery("INSERT INTO payments (id, merchant_id, amount, fees, net_amount, checkout_token,"
                            + " redirect_url, expires_at, status) VALUES ($1, $2, 100.00, 3.00, 97.00, $3,"
                            + " 'http://localhost/pay', now() + interval '1 hour', $4)")
                    .execute(Tuple.of(id, merchant, "token-" + i, i == 6 ? "completed" : "pending")));
            if (i % 2 == 0 && i < 6) {
                completions.add(store.transition(
                        new TransitionPayment(id, merchant, PaymentStatus.COMPLETED, "tx-" + i, null, null)));
            }
        }
        await(Future.all(completions));
        List<String> credited = rows(database, LEDGER);

        // the pending ones keep their net amount here, so a credit for leaving pending otherwise would show
        await(database.statements()
                .query("UPDATE payments SET needs_review = true, updated_at = now(),"
                        + " amount_refunded = CASE WHEN status = 'completed' THEN 1.00 ELSE 0 END,"
                        + " status = CASE WHEN status = 'pending' THEN 'expired' ELSE status END")
                .execute());

        assertThat(credited)
                .hasSize(3)
                .allMatch(entry -> entry.contains("\"amount\":97.00"))
                .noneMatch(entry -> entry.contains(new UUID(7, 6).toString()));
        assertThat(rows(database, LEDGER)).isEqualTo(credited);
    }

    /**
     * Where the JVM runs a webhook sender the outbox rows are written leased and handed to it once committed: the
     * same answers and rows as one by one unleased, every committed row handed over exactly once (none of a batch
     * that was rolled back and replayed), leased in PostgreSQL, and exactly what a claim would have answered.
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void leasedRowsAreHandedOverOnceCommittedAsAClaimWouldAnswerThem(long seed) throws Exception {
        Run leased = run(seed, true, true);
        Run alone = run(seed, false, false);

        assertThat(leased.outcomes()).isEqualTo(alone.outcomes());
        assertThat(leased.payments()).isEqualTo(alone.payments());
        assertThat(leased.outbox()).isEqualTo(alone.outbox());
        assertThat(leased.handedOver()).hasSize(leased.outbox().size());
        assertThat(leased.handedOver().stream().map(DueDelivery::id).distinct())
                .hasSize(leased.outbox().size());
        assertThat(leased.leasedRows()).isEqualTo(leased.outbox().size());
        // the same record, field by field, as the claim answers for the row once its lease has ended, but for the
        // lease itself, which each claim sets anew
        assertThat(leased.handedOver())
                .usingRecursiveFieldByFieldElementComparatorIgnoringFields("leaseUntil")
                .containsExactlyInAnyOrderElementsOf(leased.claimedOnceReleased());
        assertThat(leased.handedOver())
                .allSatisfy(row -> assertThat(row.leaseUntil()).isNotNull());
        assertThat(alone.handedOver()).isEmpty();
        assertThat(alone.leasedRows()).isZero();
    }

    private record Run(
            List<String> outcomes,
            List<String> payments,
            List<String> outbox,
            long eventsMatchingTheirPayment,
            List<DueDelivery> handedOver,
            long leasedRows,
            List<DueDelivery> claimedOnceReleased,
            List<String> ledger,
            long ledgerMatchingCompletedPayments) {}

    private Run run(long seed, boolean groupCommit) throws Exception {
        return run(seed, groupCommit, false);
    }

    private Run run(long seed, boolean groupCommit, boolean leased) throws Exception {
        Random random = new Random(seed);
        boolean refused = seed >= 2;
        AppConfig config = fixture.config();
        Database database = fixture.database("transition-test");
        List<DueDelivery> handedOver = new ArrayList<>();
        PaymentStore store = PgPayments.on(
                        database,
                        config.payments(),
                        groupCommit,
                        leased ? Outbox.leasedTo(60, handedOver::addAll) : Outbox.UNLEASED,
                        WakeUps.NONE,
                        null)
                .payments();
        UUID merchant = new UUID(seed, 1);
        UUID other = new UUID(seed, 2);
        for (UUID id : List.of(merchant, other)) {
            await(TestMerchants.row(id).insert(database.statements()));
        }
        int paymentCount = 40;
        for (int i = 0; i < paymentCount; i++) {
            await(database.statements()
                    .preparedQuery(
                            "INSERT INTO payments (id, merchant_id, reference_id, amount, fees, net_amount,"
                                    + " checkout_token, redirect_url, expires_at)"
                                    + " VALUES ($1, $2, $3, 100.00, 3.00, 97.00, $3, 'http://localhost/pay', now() + interval '1 hour')")
                    .execute(Tuple.of(new UUID(seed, 100 + i), i % 4 == 0 ? other : merchant, "p-" + i)));
        }

        List<TransitionPayment> commands = new ArrayList<>();
        for (int i = 0; i < 80; i++) {
            int kind = random.nextInt(20);
            // 80 requests on 40 payments: many race another request for the same payment
            int index = random.nextInt(paymentCount);
            if (kind < 3) {
                index -= index % 4; // another merchant's payment (every fourth)
            }
            UUID payment = kind == 19 ? new UUID(seed, 9999) : new UUID(seed, 100 + index);
            // the API's cancel is limited to the caller's payments: kinds 0-2 ask for another merchant's
            UUID limitedTo = kind < 6 ? merchant : null;
            String payer = kind == 18 && refused ? "nul\u0000byte" : (kind % 3 == 0 ? "payer-" + i : null);
            commands.add(new TransitionPayment(
                    payment,
                    limitedTo,
                    TARGETS.get(random.nextInt(TARGETS.size())),
                    kind % 2 == 0 ? "tx-" + i : null,
                    kind % 5 == 0 ? "reason-" + i : null,
                    payer));
        }

        List<Future<Payment>> results = new ArrayList<>();
        for (TransitionPayment command : commands) {
            Future<Payment> result = store.transition(command);
            if (!groupCommit) {
                await(result.otherwiseEmpty()); // one by one: each after the previous answered
            }
            results.add(result);
        }
        await(Future.join(results).otherwiseEmpty());
        List<String> outcomes = new ArrayList<>();
        for (Future<Payment> result : results) {
            if (result.succeeded()) {
                outcomes.add("ok " + result.result().status().wireName());
            } else if (result.cause() instanceof ServiceException e) {
                outcomes.add(e.code());
            } else {
                outcomes.add("failed");
            }
        }

        List<String> payments = rows(
                database,
                "SELECT id, merchant_id, amount, fees, net_amount, status, provider_transaction_id, failure_reason,"
                        + " payer, completed_at IS NOT NULL AS completed, updated_at > created_at AS updated"
                        + " FROM payments ORDER BY id");
        List<String> outbox = rows(
                database,
                "SELECT merchant_id, payment_id, event, status, attempts, body::jsonb - 'timestamp' AS body"
                        + " FROM webhook_deliveries ORDER BY payment_id");
        long matching = await(database.statements()
                        .query("SELECT count(*) FROM webhook_deliveries d JOIN payments p ON p.id = d.payment_id"
                                + " WHERE (d.body::jsonb ->> 'timestamp')::timestamptz = p.updated_at"
                                + " AND d.merchant_id = p.merchant_id")
                        .execute())
                .iterator()
                .next()
                .getLong(0);
        long leasedRows = await(database.statements()
                        .query(
                                "SELECT count(*) FROM webhook_deliveries WHERE lease_until > now() + interval '30 seconds'")
                        .execute())
                .iterator()
                .next()
                .getLong(0);
        await(database.statements()
                .query("UPDATE webhook_deliveries SET lease_until = NULL")
                .execute());
        List<DueDelivery> claimed = await(new PgDeliveryStore(database).claimDue(200, 60, Map.of(), 1000));
        List<String> ledger = rows(database, LEDGER);
        long ledgerMatching = await(database.statements()
                        .query("SELECT count(*) FROM ledger_entries l JOIN payments p ON p.id = l.source_id"
                                + " WHERE p.status = 'completed' AND l.merchant_id = p.merchant_id"
                                + " AND l.amount = p.net_amount AND l.created_at = p.completed_at")
                        .execute())
                .iterator()
                .next()
                .getLong(0);
        await(database.close());
        return new Run(outcomes, payments, outbox, matching, handedOver, leasedRows, claimed, ledger, ledgerMatching);
    }
}
