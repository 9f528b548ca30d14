package io.walletpay.store;

import static io.walletpay.store.StoreTestSupport.await;
import static io.walletpay.store.StoreTestSupport.rows;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.sqlclient.Tuple;
import io.walletpay.error.ServiceException;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.TestMerchants;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The sandbox checkout's decisions (find the payment by token and move it, in one statement) submitted all at once
 * give the same answers and leave the same payments and outbox rows as the same decisions one by one, each after
 * the previous answered: racing submits of one checkout (the first decides, the others see it decided), payments
 * past their expiry and of a disabled merchant (left pending, answered as they are), and unknown tokens (404).
 */
@BehaviourTest
class GroupCommitCheckoutDecidePropertiesTest {

    private static final List<PaymentStatus> TARGETS =
            List.of(PaymentStatus.COMPLETED, PaymentStatus.FAILED, PaymentStatus.CANCELLED);

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    @ParameterizedTest
    @ValueSource(longs = {1, 2})
    void aRandomMixOfConcurrentDecisionsEndsTheSameBatchedAsOneByOne(long seed) throws Exception {
        Run batched = run(seed, true);
        Run alone = run(seed, false);

        assertThat(batched.outcomes()).isEqualTo(alone.outcomes());
        assertThat(batched.payments()).isEqualTo(alone.payments());
        assertThat(batched.outbox()).isEqualTo(alone.outbox());
        assertThat(alone.outcomes())
                .anyMatch(outcome -> outcome.startsWith("changed"))
                .anyMatch(outcome -> outcome.startsWith("as it is completed")
                        || outcome.startsWith("as it is failed")
                        || outcome.startsWith("as it is cancelled"))
                .contains("as it is pending past expiry", "as it is pending merchant disabled", "not_found");
        assertThat(batched.outbox()).hasSize((int) batched.outcomes().stream()
                .filter(outcome -> outcome.startsWith("changed"))
                .count());
    }

    private record Run(List<String> outcomes, List<String> payments, List<String> outbox) {}

    private Run run(long seed, boolean groupCommit) throws Exception {
        Random random = new Random(seed);
        Database database = fixture.database("decide-test");
        PgCheckoutStore store = PgPayments.on(database, fixture.config().payments(), groupCommit)
                .checkouts();
        UUID active = new UUID(seed, 1);
        UUID disabled = new UUID(seed, 2);
        for (UUID id : List.of(active, disabled)) {
            TestMerchants.Row row = TestMerchants.row(id);
            await((id.equals(active) ? row : row.disabled()).insert(database.statements()));
        }
        int paymentCount = 30;
        for (int i = 0; i < paymentCount; i++) {
            // every fifth is past its expiry, every seventh its merchant's disabled
            await(database.statements()
                    .preparedQuery("INSERT INTO payments (id, merchant_id, reference_id, amount, fees, net_amount,"
                            + " checkout_token, redirect_url, expires_at)"
                            + " VALUES ($1, $2, $3, 100.00, 3.00, 97.00, $3, 'http://localhost/pay',"
                            + " now() + CASE WHEN $4 THEN interval '-1 minute' ELSE interval '1 hour' END)")
                    .execute(Tuple.of(new UUID(seed, 100 + i), i % 7 == 3 ? disabled : active, "t-" + i, i % 5 == 4)));
        }

        record DecideCheckout(String token, PaymentStatus target) {}
        List<DecideCheckout> commands = new ArrayList<>();
        for (int i = 0; i < 70; i++) {
            int index = random.nextInt(paymentCount + 2); // two in 32 unknown
            commands.add(new DecideCheckout("t-" + index, TARGETS.get(random.nextInt(TARGETS.size()))));
        }

        List<Future<PgCheckoutStore.Decision>> results = new ArrayList<>();
        for (DecideCheckout command : commands) {
            Future<PgCheckoutStore.Decision> result = store.decision(command.token(), command.target(), null, null);
            if (!groupCommit) {
                await(result.otherwiseEmpty()); // one by one: each after the previous answered
            }
            results.add(result);
        }
        await(Future.join(results).otherwiseEmpty());
        List<String> outcomes = new ArrayList<>();
        for (Future<PgCheckoutStore.Decision> result : results) {
            if (result.succeeded()) {
                var checkout = result.result().checkout();
                outcomes.add((result.result().changed() ? "changed " : "as it is ")
                        + checkout.payment().status().wireName()
                        + (checkout.pastExpiry() ? " past expiry" : "")
                        + (checkout.merchantActive() ? "" : " merchant disabled"));
            } else if (result.cause() instanceof ServiceException e) {
                outcomes.add(e.code());
            } else {
                outcomes.add("failed " + result.cause());
            }
        }

        List<String> payments = rows(
                database,
                "SELECT id, amount, fees, net_amount, status, completed_at IS NOT NULL AS completed,"
                        + " updated_at > created_at AS updated FROM payments ORDER BY id");
        List<String> outbox = rows(
                database,
                "SELECT merchant_id, payment_id, event, body::jsonb - 'timestamp' AS body"
                        + " FROM webhook_deliveries ORDER BY payment_id");
        await(database.close());
        return new Run(outcomes, payments, outbox);
    }
}
