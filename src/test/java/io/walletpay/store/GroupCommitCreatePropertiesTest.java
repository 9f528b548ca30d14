package io.walletpay.store;

import static io.walletpay.store.StoreTestSupport.await;
import static io.walletpay.store.StoreTestSupport.rows;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.walletpay.config.AppConfig;
import io.walletpay.error.ServiceException;
import io.walletpay.payment.Charge;
import io.walletpay.payment.CreatePaymentRequest;
import io.walletpay.payment.NewPayment;
import io.walletpay.payment.ShortCode;
import io.walletpay.payment.StoredResponse;
import io.walletpay.store.PgPaymentStore.CreatePayment;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.TestMerchants;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Creates submitted all at once (so that all but the first queue behind it and go to PostgreSQL as one batch) give
 * the same answers and leave the same rows with group commit on as with it off: plain creates, keyed creates whose
 * claim still holds, keyed creates whose claim was taken over (must fail alone and leave no payment), and a row
 * PostgreSQL refuses (must fail alone; the batch around it still commits).
 */
@BehaviourTest
class GroupCommitCreatePropertiesTest {

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void aRandomMixOfConcurrentCreatesEndsTheSameBatchedAsOneByOne(long seed) throws Exception {
        Run batched = run(seed, true);
        Run alone = run(seed, false);

        assertThat(batched.outcomes()).isEqualTo(alone.outcomes());
        assertThat(batched.payments()).isEqualTo(alone.payments());
        assertThat(batched.keys()).isEqualTo(alone.keys());
        assertThat(alone.outcomes()).contains("ok");
        assertThat(alone.outcomes().contains("idempotency_key_in_use"))
                .as("seed %d has a taken-over key", seed)
                .isEqualTo(seed >= 2);
        assertThat(alone.outcomes().contains("failed"))
                .as("seed %d has a refused row", seed)
                .isEqualTo(seed >= 3);
    }

    private record Run(List<String> outcomes, List<String> payments, List<String> keys) {}

    private Run run(long seed, boolean groupCommit) throws Exception {
        Random random = new Random(seed);
        // seed 1: no request fails, so whole batches commit; seed 2: some keys were taken over; seed 3: also a row
        // PostgreSQL refuses. Either failure rolls its batch back and the batch is replayed one by one.
        boolean takenOver = seed >= 2;
        boolean refused = seed >= 3;
        AppConfig config = fixture.config();
        Database database = fixture.database("group-commit-test");
        PgPaymentStore store =
                PgPayments.on(database, config.payments(), groupCommit).payments();
        UUID merchant = new UUID(seed, 1);
        await(TestMerchants.row(merchant).insert(database.statements()));

        OffsetDateTime at = OffsetDateTime.of(2026, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);
        List<CreatePayment> commands = new ArrayList<>();
        String heldKey = null;
        for (int i = 0; i < 60; i++) {
            int kind = random.nextInt(10);
            if ((kind == 0 && !refused) || (kind >= 4 && kind < 6 && !takenOver)) {
                kind = 7;
            }
            BigDecimal amount = kind == 0 ? new BigDecimal("-1.00") : new BigDecimal(random.nextInt(1000) + 1 + ".25");
            NewPayment payment = new NewPayment(
                    new UUID(seed, 100 + i),
                    // numbers far above the sequence's, one per seed and payment
                    ShortCode.of((1L << 39) | (Math.floorMod(seed, 1L << 33) << 6) | i),
                    merchant,
                    new CreatePaymentRequest(amount, "ref-" + i, "name " + i, null, "d" + random.nextInt(5)),
                    new Charge(amount, BigDecimal.ZERO.setScale(2), amount),
                    "token-" + seed + "-" + i,
                    "http://localhost/pay/" + i,
                    at.plusSeconds(i),
                    at.plus(Duration.ofHours(1)),
                    "sandbox");
            StoredResponse answer = new StoredResponse(201, "{\"n\":" + i + "}");
            if (kind < 4) {
                commands.add(new CreatePayment(payment, null, null, answer));
                continue;
            }
            if (kind < 6 && heldKey != null) {
                // kinds 4-5: a request racing the holder of an earlier key, in the same batch: its claim is not
                // the key's, so it must fail alone and leave no payment while the holder succeeds
                commands.add(new CreatePayment(payment, heldKey, new UUID(seed, 5000 + i), answer));
                continue;
            }
            String key = "key-" + i;
            UUID claim = new UUID(seed, 1000 + i);
            await(store.claimIdempotencyKey(merchant, key, claim, new byte[] {(byte) i}));
            heldKey = key;
            commands.add(new CreatePayment(payment, key, claim, answer));
        }

        List<Future<StoredResponse>> results = new ArrayList<>();
        for (CreatePayment command : commands) {
            results.add(store.create(command.payment(), command.idempotencyKey(), command.claimId(), command.answer()));
        }
        await(Future.join(results).otherwiseEmpty());
        List<String> outcomes = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            Future<StoredResponse> result = results.get(i);
            if (result.succeeded()) {
                assertThat(result.result()).isEqualTo(commands.get(i).answer());
                outcomes.add("ok");
            } else if (result.cause() instanceof ServiceException e) {
                outcomes.add(e.code());
            } else {
                outcomes.add("failed");
            }
        }

        List<String> payments = rows(
                database,
                "SELECT id, merchant_id, reference_id, amount, fees, net_amount,"
                        + " customer_name, customer_email, description, checkout_token, redirect_url, created_at, expires_at,"
                        + " status FROM payments ORDER BY id");
        List<String> keys = rows(
                database,
                "SELECT idempotency_key, response_status, response_body, claim_id"
                        + " FROM idempotency_keys ORDER BY idempotency_key");
        await(database.close());
        return new Run(outcomes, payments, keys);
    }
}
