package io.walletpay.store;

import static io.walletpay.store.StoreTestSupport.await;
import static io.walletpay.store.StoreTestSupport.rows;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.sqlclient.Tuple;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.TestMerchants;
import io.walletpay.webhook.AttemptError;
import io.walletpay.webhook.AttemptResult;
import io.walletpay.webhook.DeliveryClaim;
import io.walletpay.webhook.DeliveryStatus;
import java.time.Duration;
import java.time.Instant;
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
 * Webhook attempt records submitted all at once (so that all but the first queue behind it and go to PostgreSQL in
 * batches) leave the same attempts, deliveries and endpoint health as the same records written one by one, each
 * after the previous answered: successes and failures of several deliveries of one merchant in any order (health
 * follows the last), records made stale by an earlier one (the attempt row stays, the delivery does not move),
 * records whose claim another replaced (the attempt row stays), records of deliveries redelivered since their claim
 * (counted, the delivery stays queued), attempts without a
 * webhook URL (no endpoint health), and a row PostgreSQL refuses (fails alone).
 */
@BehaviourTest
class GroupCommitRecordPropertiesTest {

    private static final OffsetDateTime AT = OffsetDateTime.of(2026, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void aRandomMixOfConcurrentRecordsEndsTheSameBatchedAsOneByOne(long seed) throws Exception {
        Run batched = run(seed, true);
        Run alone = run(seed, false);

        assertThat(batched.outcomes()).isEqualTo(alone.outcomes());
        assertThat(batched.attempts()).isEqualTo(alone.attempts());
        assertThat(batched.deliveries()).isEqualTo(alone.deliveries());
        assertThat(batched.health()).isEqualTo(alone.health());
        assertThat(alone.outcomes().contains("failed"))
                .as("seed %d has a refused row", seed)
                .isEqualTo(seed >= 2);
        assertThat(alone.deliveries())
                .as("some records were stale: their delivery kept its count")
                .anyMatch(row -> row.contains("\"attempts\":0"));
        assertThat(alone.deliveries())
                .as("some records met a redelivery: their delivery's fresh schedule starts after them")
                .anyMatch(row -> !row.contains("\"schedule_from\":0"));
        assertThat(alone.health())
                .as("endpoint health both starts and ends runs of failures")
                .anyMatch(row -> row.contains("\"webhook_failing_since\":null"))
                .anyMatch(row -> !row.contains("\"webhook_failing_since\":null"));
    }

    private record Run(List<String> outcomes, List<String> attempts, List<String> deliveries, List<String> health) {}

    private Run run(long seed, boolean groupCommit) throws Exception {
        Random random = new Random(seed);
        boolean refused = seed >= 2;
        Database database = fixture.database("record-test");
        DeliveryStore store = new PgDeliveryStore(database, groupCommit, WakeUps.NONE);
        int merchants = 4;
        for (int m = 0; m < merchants; m++) {
            UUID merchant = new UUID(seed, m);
            await(TestMerchants.row(merchant)
                    .webhookFailingSince(m % 2 == 0 ? AT.minusDays(1) : null)
                    .insert(database.statements()));
            await(database.statements()
                    .preparedQuery("INSERT INTO payments (id, merchant_id, amount, fees, net_amount, checkout_token,"
                            + " redirect_url, expires_at) VALUES ($1, $1, 1.00, 0, 1.00, $1::text, 'http://p', $2)")
                    .execute(Tuple.of(merchant, AT)));
        }
        int deliveryCount = 24;
        for (int i = 0; i < deliveryCount; i++) {
            UUID merchant = new UUID(seed, i % merchants);
            await(database.statements()
                    .preparedQuery("INSERT INTO webhook_deliveries (id, merchant_id, payment_id, event, body,"
                            + " next_attempt_at, lease_until, created_at, updated_at, redeliveries)"
                            + " VALUES ($1, $2, $2, 'payment.updated', '{}', $3, $3, $3, $3, $4)")
                    .execute(Tuple.of(new UUID(seed, 100 + i), merchant, AT, i % 5 == 0 ? 1 : 0)));
        }

        List<AttemptResult> results = new ArrayList<>();
        List<DeliveryClaim> claims = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            int kind = random.nextInt(10);
            UUID delivery = new UUID(seed, 100 + random.nextInt(deliveryCount));
            Instant attemptedAt = AT.plusSeconds(i).toInstant();
            String excerpt = kind == 9 && refused ? "nul\u0000byte" : "excerpt " + i;
            AttemptResult result =
                    switch (kind % 4) {
                        case 0 ->
                            new AttemptResult(
                                    delivery, attemptedAt, 200, 5, null, excerpt, DeliveryStatus.SUCCEEDED, null);
                        case 1 ->
                            new AttemptResult(
                                    delivery,
                                    attemptedAt,
                                    503,
                                    7,
                                    AttemptError.HTTP_STATUS,
                                    excerpt,
                                    DeliveryStatus.PENDING,
                                    Duration.ofHours(1 + i));
                        case 2 ->
                            new AttemptResult(
                                    delivery,
                                    attemptedAt,
                                    null,
                                    9,
                                    kind == 6 ? AttemptError.NO_WEBHOOK_URL : AttemptError.CONNECTION_REFUSED,
                                    null,
                                    DeliveryStatus.PENDING,
                                    Duration.ofHours(100 + i));
                        default ->
                            new AttemptResult(
                                    delivery,
                                    attemptedAt,
                                    410,
                                    3,
                                    AttemptError.GONE,
                                    excerpt,
                                    DeliveryStatus.FAILED,
                                    null);
                    };
            results.add(result);
            // mostly the count the delivery has by then (0 for its first record), sometimes a stale one
            long earlier = results.stream()
                    .limit(i)
                    .filter(r -> r.deliveryId().equals(delivery))
                    .count();
            int attemptsSoFar = random.nextInt(4) == 0 ? (int) earlier + 1 : (int) Math.min(earlier, 1);
            // the lease each delivery was claimed with, sometimes one another claim replaced; a delivery's first
            // record that matches ends the lease, and the records after it are stale as a slow sender's would be
            OffsetDateTime lease = i % 7 == 3 ? AT.minusSeconds(1) : AT;
            // one delivery in five was redelivered after these records were claimed
            claims.add(new DeliveryClaim(attemptsSoFar, 0, lease));
        }

        List<Future<Void>> recorded = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            Future<Void> done = store.record(results.get(i), claims.get(i));
            if (!groupCommit) {
                await(done.otherwiseEmpty()); // one by one: each after the previous answered
            }
            recorded.add(done);
        }
        await(Future.join(recorded).otherwiseEmpty());
        List<String> outcomes = recorded.stream()
                .map(done -> done.succeeded() ? "ok" : "failed")
                .toList();

        List<String> attempts = rows(
                database,
                "SELECT delivery_id, attempted_at, status_code, duration_ms, error_kind, response_excerpt"
                        + " FROM webhook_attempts ORDER BY id");
        List<String> deliveries = rows(
                database,
                "SELECT id, status, attempts, schedule_from, last_status_code, last_error, lease_until IS NULL AS released,"
                        + " delivered_at IS NOT NULL AS delivered, updated_at > created_at AS updated,"
                        // in whole hours: a retry set by an earlier record is measured from a later now(), seconds
                        // apart
                        + " CASE WHEN next_attempt_at = $1 THEN 'kept'"
                        + " ELSE round(extract(epoch FROM next_attempt_at - updated_at) / 3600)::text END"
                        + " AS retry_after FROM webhook_deliveries ORDER BY id",
                Tuple.of(AT));
        List<String> health = rows(database, "SELECT id, webhook_failing_since FROM merchants ORDER BY id");
        await(database.close());
        return new Run(outcomes, attempts, deliveries, health);
    }
}
