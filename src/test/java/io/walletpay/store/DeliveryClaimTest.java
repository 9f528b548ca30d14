package io.walletpay.store;

import static io.walletpay.store.StoreTestSupport.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.sqlclient.Tuple;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.TestMerchants;
import io.walletpay.webhook.AttemptError;
import io.walletpay.webhook.AttemptResult;
import io.walletpay.webhook.DeliveryStatus;
import io.walletpay.webhook.DueDelivery;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Claiming due webhooks on a real PostgreSQL: a claim takes, oldest first, at most as many deliveries of a merchant as
 * its endpoint has free slots, so a sender never claims rows only to release them again; what it leaves stays free
 * for the next claim.
 */
@BehaviourTest
class DeliveryClaimTest {

    static final OffsetDateTime AT = OffsetDateTime.parse("2026-01-01T00:00:00Z");

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    @Test
    void aClaimTakesNoMoreOfAMerchantThanItsFreeSlotsOldestFirst() throws Exception {
        Database database = fixture.database("claim-test");
        DeliveryStore store = new PgDeliveryStore(database, true, WakeUps.NONE);
        UUID busy = merchant(database, 1);
        UUID idle = merchant(database, 2);
        UUID full = merchant(database, 3);
        for (int i = 0; i < 10; i++) {
            delivery(database, busy, 100 + i, AT.plusSeconds(i));
            delivery(database, idle, 200 + i, AT.plusSeconds(i));
            delivery(database, full, 300 + i, AT.plusSeconds(i));
        }

        // 8 per endpoint: busy has 6 in flight (2 free), idle none (8 free), full 8 (none free)
        List<DueDelivery> claimed = await(store.claimDue(200, 60, Map.of(busy, 6, full, 8), 8));

        Map<UUID, List<UUID>> byMerchant = claimed.stream()
                .collect(Collectors.groupingBy(
                        DueDelivery::merchantId, Collectors.mapping(DueDelivery::id, Collectors.toList())));
        assertThat(byMerchant.get(busy)).containsExactlyInAnyOrder(new UUID(0, 100), new UUID(0, 101));
        assertThat(byMerchant.get(idle)).hasSize(8).doesNotContain(new UUID(0, 208), new UUID(0, 209));
        assertThat(byMerchant).doesNotContainKey(full);
        // nothing claimed beyond that: the rest is not leased, so the next claim finds it
        assertThat(await(database.statements()
                                .query("SELECT count(*) AS n FROM webhook_deliveries WHERE lease_until IS NOT NULL")
                                .execute())
                        .iterator()
                        .next()
                        .getInteger("n"))
                .isEqualTo(10);
        List<DueDelivery> next = await(store.claimDue(200, 60, Map.of(), 8));
        assertThat(next).hasSize(8 + 2 + 8); // busy and full: a slot-full each; idle: its last two
        await(database.close());
    }

    /**
     * A merchant's Redeliver while an attempt of the delivery is under way (claimed, leased) queues it again without
     * freeing it to another claim: the delivery never goes to the endpoint twice at once. Once the lease has run
     * out, the next claim takes it on its fresh schedule.
     */
    @Test
    void aRedeliveryKeepsTheLeaseOfAnAttemptUnderWay() throws Exception {
        Database database = fixture.database("redeliver-test");
        DeliveryStore store = new PgDeliveryStore(database, true, WakeUps.NONE);
        UUID merchant = merchant(database, 4);
        delivery(database, merchant, 400, AT);
        UUID id = new UUID(0, 400);
        assertThat(await(store.claimDue(10, 60, Map.of(), 8)))
                .extracting(DueDelivery::id)
                .containsExactly(id);

        await(store.redeliver(merchant, id));

        assertThat(await(store.claimDue(10, 60, Map.of(), 8))).isEmpty();
        await(database.statements()
                .query("UPDATE webhook_deliveries SET lease_until = now() - interval '1 second'")
                .execute());
        assertThat(await(store.claimDue(10, 60, Map.of(), 8)))
                .extracting(DueDelivery::id)
                .containsExactly(id);
        await(database.close());
    }

    /**
     * A Redeliver asked for while the delivery's first attempt is under way goes out after that attempt, even when the
     * attempt succeeds: the merchant asked after it had started, so it cannot stand for the redelivery. The attempt
     * is counted and logged; the fresh schedule starts after it. So too when the attempt outlived its lease, as long
     * as no other sender has claimed the delivery since.
     */
    @ParameterizedTest(name = "lease of {0} s")
    @ValueSource(ints = {60, 0}) // 0: the lease ran out, but nobody claimed the delivery since
    void aRedeliveryAskedForDuringTheFirstAttemptStillGoesOutAfterIt(int leaseSeconds) throws Exception {
        Database database = fixture.database("redeliver-first-test-" + leaseSeconds);
        DeliveryStore store = new PgDeliveryStore(database, true, WakeUps.NONE);
        UUID merchant = merchant(database, 5);
        delivery(database, merchant, 500, AT);
        UUID id = new UUID(0, 500);
        DueDelivery claimed =
                await(store.claimDue(10, leaseSeconds, Map.of(), 8)).get(0);

        await(store.redeliver(merchant, id));
        await(store.record(succeeded(id), claimed.claim()));

        assertThat(state(database, id))
                .isEqualTo("{\"status\":\"pending\",\"attempts\":1,\"schedule_from\":1,\"leased\":false,"
                        + "\"due\":true,\"delivered\":false,\"last_status_code\":200}");
        DueDelivery again = await(store.claimDue(10, 60, Map.of(), 8)).get(0);
        assertThat(again.attemptsSoFar()).isEqualTo(1);
        assertThat(again.scheduleFrom()).isEqualTo(1);
        await(store.record(succeeded(id), again.claim()));
        assertThat(state(database, id))
                .isEqualTo("{\"status\":\"succeeded\",\"attempts\":2,\"schedule_from\":1,\"leased\":false,"
                        + "\"due\":true,\"delivered\":true,\"last_status_code\":200}");
        assertThat(StoreTestSupport.rows(database, "SELECT count(*) AS n FROM webhook_attempts"))
                .containsExactly("{\"n\":2}");
        await(database.close());
    }

    /**
     * The same during a retry: the failed attempt's own next retry (an hour away) gives way to the redelivery, which
     * is due at once instead of waiting for the lease to run out.
     */
    @Test
    void aRedeliveryAskedForDuringARetryIsDueAsSoonAsTheRetryIsRecorded() throws Exception {
        Database database = fixture.database("redeliver-retry-test");
        DeliveryStore store = new PgDeliveryStore(database, true, WakeUps.NONE);
        UUID merchant = merchant(database, 6);
        delivery(database, merchant, 600, AT);
        UUID id = new UUID(0, 600);
        await(database.statements()
                .query("UPDATE webhook_deliveries SET attempts = 2")
                .execute());
        DueDelivery claimed = await(store.claimDue(10, 60, Map.of(), 8)).get(0);

        await(store.redeliver(merchant, id));
        await(store.record(
                new AttemptResult(
                        id,
                        Instant.now(),
                        503,
                        4,
                        AttemptError.HTTP_STATUS,
                        "busy",
                        DeliveryStatus.PENDING,
                        Duration.ofHours(1)),
                claimed.claim()));

        assertThat(state(database, id))
                .isEqualTo("{\"status\":\"pending\",\"attempts\":3,\"schedule_from\":3,\"leased\":false,"
                        + "\"due\":true,\"delivered\":false,\"last_status_code\":503}");
        assertThat(await(store.claimDue(10, 60, Map.of(), 8)))
                .extracting(DueDelivery::id)
                .containsExactly(id);
        await(database.close());
    }

    /**
     * A sender whose lease ran out while its attempt was under way, the delivery redelivered and claimed by another
     * sender since: the late record keeps its attempt row and leaves the delivery to the sender that holds it now, so
     * nobody else sends it beside that one.
     */
    @Test
    void aLateRecordLeavesTheDeliveryToTheSenderThatHoldsItNow() throws Exception {
        Database database = fixture.database("late-record-test");
        DeliveryStore store = new PgDeliveryStore(database, true, WakeUps.NONE);
        UUID merchant = merchant(database, 7);
        delivery(database, merchant, 700, AT);
        UUID id = new UUID(0, 700);
        DueDelivery stalled = await(store.claimDue(10, 0, Map.of(), 8)).get(0); // a lease that has run out at once
        await(store.redeliver(merchant, id));
        DueDelivery holder = await(store.claimDue(10, 60, Map.of(), 8)).get(0);

        await(store.record(succeeded(id), stalled.claim()));

        assertThat(state(database, id))
                .isEqualTo("{\"status\":\"pending\",\"attempts\":0,\"schedule_from\":0,\"leased\":true,"
                        + "\"due\":true,\"delivered\":false,\"last_status_code\":null}");
        assertThat(await(store.claimDue(10, 60, Map.of(), 8))).isEmpty();
        await(store.record(succeeded(id), holder.claim()));
        assertThat(state(database, id))
                .isEqualTo("{\"status\":\"succeeded\",\"attempts\":1,\"schedule_from\":0,\"leased\":false,"
                        + "\"due\":true,\"delivered\":true,\"last_status_code\":200}");
        assertThat(StoreTestSupport.rows(database, "SELECT count(*) AS n FROM webhook_attempts"))
                .containsExactly("{\"n\":2}");
        await(database.close());
    }

    /**
     * Records of one claim's rows that go to PostgreSQL together (all but the first queue behind it) match the lease
     * the claim set, to the microsecond; a release by a sender whose lease ran out leaves the new holder's lease.
     */
    @Test
    void recordsTogetherMatchTheirClaimsLeaseAndAStaleReleaseLeavesTheHoldersLease() throws Exception {
        Database database = fixture.database("batch-lease-test");
        DeliveryStore store = new PgDeliveryStore(database, true, WakeUps.NONE);
        UUID merchant = merchant(database, 8);
        for (int n = 0; n < 4; n++) {
            delivery(database, merchant, 800 + n, AT.plusSeconds(n));
        }
        List<DueDelivery> claimed = await(store.claimDue(3, 60, Map.of(), 8));
        assertThat(claimed).hasSize(3);

        await(Future.all(claimed.stream()
                .map(due -> store.record(succeeded(due.id()), due.claim()))
                .toList()));
        assertThat(StoreTestSupport.rows(
                        database, "SELECT status, count(*) AS n FROM webhook_deliveries GROUP BY status ORDER BY 1"))
                .containsExactly("{\"status\":\"pending\",\"n\":1}", "{\"status\":\"succeeded\",\"n\":3}");

        UUID last = new UUID(0, 803);
        DueDelivery stalled = await(store.claimDue(10, 0, Map.of(), 8)).get(0);
        DueDelivery holder = await(store.claimDue(10, 60, Map.of(), 8)).get(0);
        assertThat(holder.id()).isEqualTo(stalled.id()).isEqualTo(last);
        await(store.release(List.of(stalled)));
        assertThat(state(database, last)).contains("\"leased\":true");
        await(store.release(List.of(holder)));
        assertThat(state(database, last)).contains("\"leased\":false");
        await(database.close());
    }

    private static AttemptResult succeeded(UUID id) {
        return new AttemptResult(id, Instant.now(), 200, 3, null, "ok", DeliveryStatus.SUCCEEDED, null);
    }

    private static String state(Database database, UUID id) throws Exception {
        return StoreTestSupport.rows(
                        database,
                        "SELECT status, attempts, schedule_from, lease_until IS NOT NULL AS leased,"
                                + " next_attempt_at <= now() AS due, delivered_at IS NOT NULL AS delivered,"
                                + " last_status_code FROM webhook_deliveries WHERE id = $1",
                        Tuple.of(id))
                .get(0);
    }

    private static UUID merchant(Database database, int n) throws Exception {
        UUID merchant = new UUID(1, n);
        await(TestMerchants.row(merchant).webhookUrl("http://hooks").insert(database.statements()));
        await(database.statements()
                .preparedQuery("INSERT INTO payments (id, merchant_id, amount, fees, net_amount, checkout_token,"
                        + " redirect_url, expires_at) VALUES ($1, $1, 1.00, 0, 1.00, $1::text, 'http://p', $2)")
                .execute(Tuple.of(merchant, AT)));
        return merchant;
    }

    private static void delivery(Database database, UUID merchant, int n, OffsetDateTime due) throws Exception {
        await(database.statements()
                .preparedQuery("INSERT INTO webhook_deliveries (id, merchant_id, payment_id, event, body,"
                        + " next_attempt_at, created_at, updated_at) VALUES ($1, $2, $2, 'payment.updated', '{}',"
                        + " $3, $3, $3)")
                .execute(Tuple.of(new UUID(0, n), merchant, due)));
    }
}
