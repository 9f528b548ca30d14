package io.walletpay.store;

import static io.walletpay.store.StoreTestSupport.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Future;
import io.vertx.pgclient.PgBuilder;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import io.walletpay.checkout.SandboxWalletProvider;
import io.walletpay.checkout.WalletProviders;
import io.walletpay.config.AppConfig;
import io.walletpay.db.DatabaseTarget;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.TestDatabase;
import io.walletpay.usecase.ExpirePayments;
import io.walletpay.usecase.PaymentReviews;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The expiry sweep runs as one task per database, whatever the number of store instances or processes. */
@BehaviourTest
class ExpirySweepLockTest {

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    @Test
    void aSweepSkipsItsTickWhileAnotherSessionHoldsTheSweepLockAndRunsOnceItIsFree() throws Exception {
        DatabaseTarget target = TestDatabase.migrated();
        AppConfig config = fixture.config();
        Database database = fixture.database(target, "sweep-test");
        ExpirySweep sweep = new ExpirySweep(
                fixture.vertx(), database, expiry(PgPayments.on(database, config.payments(), true))::sweep);
        Pool other = PgBuilder.pool()
                .connectingTo(target.connectOptions())
                .using(fixture.vertx())
                .build();
        SqlConnection holder = await(other.getConnection());

        assertThat(await(lock(holder, "SELECT pg_try_advisory_lock($1)"))).isTrue();
        assertThat(await(sweep.sweep()))
                .as("swept while another instance held the lock")
                .isFalse();

        assertThat(await(lock(holder, "SELECT pg_advisory_unlock($1)"))).isTrue();
        assertThat(await(sweep.sweep()))
                .as("skipped although nobody held the lock")
                .isTrue();

        assertThat(await(lock(holder, "SELECT pg_try_advisory_lock($1)")))
                .as("the sweep gave its lock back")
                .isTrue();
        await(holder.close());
    }

    private static Future<Boolean> lock(SqlConnection connection, String sql) {
        return connection
                .preparedQuery(sql)
                .execute(Tuple.of(ExpirySweep.LOCK_KEY))
                .map(rows -> rows.iterator().next().getBoolean(0));
    }

    private static ExpirePayments expiry(PgPayments payments) {
        return new ExpirePayments(
                payments.payments(),
                payments.expiry(),
                WalletProviders.only(new SandboxWalletProvider("http://localhost")),
                new PaymentReviews(payments.checkouts(), new SimpleMeterRegistry()));
    }
}
