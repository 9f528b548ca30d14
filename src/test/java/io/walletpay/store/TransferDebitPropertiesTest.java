package io.walletpay.store;

import static io.walletpay.store.StoreTestSupport.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.sqlclient.Tuple;
import io.walletpay.error.ServiceException;
import io.walletpay.money.CreatedTransfer;
import io.walletpay.money.NewTransfer;
import io.walletpay.money.TransferKind;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.TestMerchants;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Random mixes of refunds and payouts, all sent at once, against merchants with random completed payments and
 * fees: whatever the interleaving, no merchant's balance ever goes below zero, no payment gets back more than it
 * brought in, every refusal is one of the rules' own, and the ledger, the transfers and the payments agree.
 */
@BehaviourTest
class TransferDebitPropertiesTest {

    private static final Set<String> RULES = Set.of("refund_exceeds_payment", "insufficient_balance");

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void concurrentDebitsNeverOverdrawAndNeverRefundMoreThanWasPaid(long seed) throws Exception {
        Random random = new Random(seed);
        Database database = fixture.database("transfers-" + seed);
        PgTransferStore store = new PgTransferStore(database, WakeUps.NONE);
        List<UUID> merchants = new ArrayList<>();
        Map<UUID, UUID> merchantOf = new HashMap<>();
        for (int m = 0; m < 2; m++) {
            UUID merchant = new UUID(seed, m);
            merchants.add(merchant);
            await(TestMerchants.row(merchant).payoutPhone("50937123456").insert(database.statements()));
            for (int p = 0; p < 3; p++) {
                UUID payment = UUID.randomUUID();
                BigDecimal amount =
                        BigDecimal.valueOf(100 + random.nextInt(900)).setScale(2);
                BigDecimal fees = BigDecimal.valueOf(random.nextInt(50)).setScale(2);
                await(database.statements()
                        .preparedQuery(
                                "INSERT INTO payments (id, merchant_id, amount, fees, net_amount, checkout_token,"
                                        + " redirect_url, expires_at, payer) VALUES ($1, $2, $3::numeric, $4::numeric, $3::numeric - $4::numeric, $5, 'x',"
                                        + " now() + interval '1 hour', '50937000001')")
                        .execute(Tuple.of(payment, merchant, amount, fees, payment.toString())));
                // completing it credits the ledger, as any completion does
                await(database.statements()
                        .preparedQuery("UPDATE payments SET status = 'completed', completed_at = now() WHERE id = $1")
                        .execute(Tuple.of(payment)));
                merchantOf.put(payment, merchant);
            }
        }
        List<UUID> payments = new ArrayList<>(merchantOf.keySet());

        List<Future<CreatedTransfer>> debits = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            boolean refund = random.nextInt(3) > 0;
            UUID payment = payments.get(random.nextInt(payments.size()));
            UUID merchant = refund ? merchantOf.get(payment) : merchants.get(random.nextInt(merchants.size()));
            BigDecimal amount = random.nextInt(5) == 0
                    ? null
                    : BigDecimal.valueOf(1 + random.nextInt(400)).setScale(2);
            debits.add(store.create(new NewTransfer(
                    UUID.randomUUID(),
                    refund ? TransferKind.REFUND : TransferKind.PAYOUT,
                    merchant,
                    refund ? payment : null,
                    !refund && amount == null ? BigDecimal.ONE.setScale(2) : amount,
                    null,
                    null,
                    null,
                    "sandbox")));
        }
        int accepted = 0;
        for (Future<CreatedTransfer> debit : debits) {
            try {
                await(debit);
                accepted++;
            } catch (java.util.concurrent.ExecutionException e) {
                assertThat(e.getCause()).isInstanceOf(ServiceException.class);
                assertThat(((ServiceException) e.getCause()).code()).isIn(RULES);
            }
        }

        assertThat(accepted).as("seed %d accepted some debits", seed).isPositive();
        for (UUID merchant : merchants) {
            BigDecimal available = one(
                    database, "SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE merchant_id = $1", merchant);
            assertThat(available).as("balance of %s", merchant).isNotNegative();
            BigDecimal credited =
                    one(database, "SELECT coalesce(sum(net_amount), 0) FROM payments WHERE merchant_id = $1", merchant);
            BigDecimal debited =
                    one(database, "SELECT coalesce(sum(amount), 0) FROM transfers WHERE merchant_id = $1", merchant);
            assertThat(available).isEqualByComparingTo(credited.subtract(debited));
        }
        for (UUID payment : payments) {
            BigDecimal refunded =
                    one(database, "SELECT coalesce(sum(amount), 0) FROM transfers WHERE payment_id = $1", payment);
            BigDecimal amount = one(database, "SELECT amount FROM payments WHERE id = $1", payment);
            BigDecimal shown = one(database, "SELECT amount_refunded FROM payments WHERE id = $1", payment);
            assertThat(refunded).as("refunds of %s", payment).isLessThanOrEqualTo(amount);
            assertThat(shown).isEqualByComparingTo(refunded);
        }
    }

    private static BigDecimal one(Database database, String sql, UUID id) throws Exception {
        return await(database.statements().preparedQuery(sql).execute(Tuple.of(id)))
                .iterator()
                .next()
                .getBigDecimal(0);
    }
}
