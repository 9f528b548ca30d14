package io.walletpay.store;

import static io.walletpay.store.StoreTestSupport.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.sqlclient.Tuple;
import io.walletpay.money.NewTransfer;
import io.walletpay.money.Transfer;
import io.walletpay.money.TransferKind;
import io.walletpay.support.BehaviourTest;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A worker whose lease on a transfer ran out while it waited on the provider cannot free the lease of the worker
 * that claimed the transfer after it: its "try again later" is for its own claim only, so the transfer is never
 * claimed a third time while the second worker may still be sending it.
 */
@BehaviourTest
class TransferLeaseTest {

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    @Test
    void aStaleWorkerCannotReleaseALaterClaimsLease() throws Exception {
        Database database = fixture.database("transfer-lease-test");
        PgTransferStore store = new PgTransferStore(database, WakeUps.NONE);
        UUID merchant = StoreTestSupport.merchant(database);
        await(database.statements()
                .preparedQuery("UPDATE merchants SET payout_phone = '50937123456' WHERE id = $1")
                .execute(Tuple.of(merchant)));
        UUID payment = UUID.randomUUID();
        await(database.statements()
                .preparedQuery("INSERT INTO payments (id, merchant_id, amount, fees, net_amount, checkout_token,"
                        + " redirect_url, expires_at) VALUES ($1, $2, 100.00, 0, 100.00, $1::text, 'x',"
                        + " now() + interval '1 hour')")
                .execute(Tuple.of(payment, merchant)));
        await(database.statements()
                .preparedQuery("UPDATE payments SET status = 'completed', completed_at = now() WHERE id = $1")
                .execute(Tuple.of(payment)));
        UUID payout = UUID.randomUUID();
        await(store.create(new NewTransfer(
                payout, TransferKind.PAYOUT, merchant, null, new BigDecimal("40.00"), null, null, null, "sandbox")));

        List<Transfer> first = await(store.claimDue(10, Duration.ofMinutes(3)));
        await(database.statements()
                .query("UPDATE transfers SET lease_until = now() - interval '1 second'")
                .execute());
        List<Transfer> second = await(store.claimDue(10, Duration.ofMinutes(3)));
        await(store.retryLater(payout, first.get(0).attempts(), Duration.ofSeconds(2), "timed out"));

        assertThat(first).extracting(Transfer::id).containsExactly(payout);
        assertThat(second).extracting(Transfer::attempts).containsExactly(2);
        assertThat(leased(database, payout)).as("still the second claim's").isTrue();
        // the second claim's own answer gives its lease back as before
        await(store.retryLater(payout, second.get(0).attempts(), Duration.ofSeconds(2), "timed out"));
        assertThat(leased(database, payout)).isFalse();
        await(database.close());
    }

    private static boolean leased(Database database, UUID transfer) throws Exception {
        return await(database.statements()
                        .preparedQuery("SELECT lease_until IS NOT NULL AND lease_until > now() AS leased"
                                + " FROM transfers WHERE id = $1")
                        .execute(Tuple.of(transfer)))
                .iterator()
                .next()
                .getBoolean("leased");
    }
}
