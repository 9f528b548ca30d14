package io.walletpay.store;

import static io.walletpay.store.StoreTestSupport.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.sqlclient.Tuple;
import io.walletpay.support.BehaviourTest;
import io.walletpay.webhook.Backlog;
import io.walletpay.webhook.RowCounts;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What the store counts for the gauges, on a real PostgreSQL: the due backlog, and rows by status, where a status
 * whose last row has moved on counts 0 (the gauge would otherwise keep its last count).
 */
@BehaviourTest
class DeliveryGaugeCountsTest {

    static final OffsetDateTime PAST = OffsetDateTime.parse("2026-01-01T00:00:00Z");

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    @Test
    void rowsByStatusCountEveryStatusAndZeroOnceItsLastRowMovesOn() throws Exception {
        Database database = fixture.database("gauge-counts");
        DeliveryStore store = new PgDeliveryStore(database, true, WakeUps.NONE);
        UUID merchant = StoreTestSupport.merchant(database);
        UUID pending = payment(database, merchant, "pending");
        payment(database, merchant, "completed");
        payment(database, merchant, "completed");
        payment(database, merchant, "expired");
        delivery(database, merchant, pending, "pending");
        delivery(database, merchant, pending, "failed");

        RowCounts before = await(store.rowCounts());
        assertThat(before.paymentsByStatus())
                .containsEntry("pending", 1L)
                .containsEntry("completed", 2L)
                .containsEntry("expired", 1L)
                .containsEntry("failed", 0L)
                .containsEntry("cancelled", 0L);
        assertThat(before.deliveriesByStatus())
                .containsEntry("pending", 1L)
                .containsEntry("failed", 1L)
                .containsEntry("succeeded", 0L);
        Backlog backlog = await(store.backlog(24));
        assertThat(backlog.due()).isEqualTo(1);
        assertThat(backlog.oldestDueMillis()).isPositive();

        await(database.statements()
                .preparedQuery("UPDATE payments SET status = 'cancelled' WHERE id = $1")
                .execute(Tuple.of(pending)));
        await(database.statements()
                .query("UPDATE webhook_deliveries SET status = 'succeeded' WHERE status = 'pending'")
                .execute());

        RowCounts after = await(store.rowCounts());
        assertThat(after.paymentsByStatus()).containsEntry("pending", 0L).containsEntry("cancelled", 1L);
        assertThat(after.deliveriesByStatus()).containsEntry("pending", 0L).containsEntry("succeeded", 1L);
        assertThat(await(store.backlog(24)).due()).isZero();
        await(database.close());
    }

    private static UUID payment(Database database, UUID merchant, String status) throws Exception {
        UUID id = UUID.randomUUID();
        await(database.statements()
                .preparedQuery("INSERT INTO payments (id, merchant_id, amount, fees, net_amount, status,"
                        + " checkout_token, redirect_url, expires_at) VALUES ($1, $2, 1.00, 0, 1.00, $3, $1::text,"
                        + " 'http://p', $4)")
                .execute(Tuple.of(id, merchant, status, PAST)));
        return id;
    }

    private static void delivery(Database database, UUID merchant, UUID payment, String status) throws Exception {
        await(database.statements()
                .preparedQuery("INSERT INTO webhook_deliveries (id, merchant_id, payment_id, event, body, status,"
                        + " next_attempt_at, created_at, updated_at) VALUES ($1, $2, $3, 'payment.updated', '{}',"
                        + " $4, $5, $5, $5)")
                .execute(Tuple.of(UUID.randomUUID(), merchant, payment, status, PAST)));
    }
}
