package io.walletpay.store;

import static io.walletpay.store.StoreTestSupport.await;

import io.vertx.sqlclient.Tuple;
import io.walletpay.support.BehaviourTest;
import io.walletpay.support.TestMerchants;
import java.math.BigDecimal;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The transfers' contract on PostgreSQL, over merchants funded by a completed payment as any completion credits. */
@BehaviourTest
class PgTransferStoreContractTest extends TransferStoreContract {

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    private Database database;
    private TransferStore transfers;

    @BeforeEach
    void openStore() throws Exception {
        database = fixture.database("transfer-contract");
        transfers = new PgTransferStore(database, WakeUps.NONE);
    }

    @Override
    protected TransferStore transfers() {
        return transfers;
    }

    @Override
    protected Funded funded(String amount) throws Exception {
        UUID merchant = UUID.randomUUID();
        await(TestMerchants.row(merchant).payoutPhone("50937123456").insert(database.statements()));
        UUID payment = UUID.randomUUID();
        await(database.statements()
                .preparedQuery("INSERT INTO payments (id, merchant_id, amount, fees, net_amount, checkout_token,"
                        + " redirect_url, expires_at, payer) VALUES ($1, $2, $3, 0, $3, $1::text, 'x',"
                        + " now() + interval '1 hour', '50937000001')")
                .execute(Tuple.of(payment, merchant, new BigDecimal(amount))));
        // completing it credits the ledger, as any completion does
        await(database.statements()
                .preparedQuery("UPDATE payments SET status = 'completed', completed_at = now() WHERE id = $1")
                .execute(Tuple.of(payment)));
        return new Funded(merchant, payment);
    }

    @Override
    protected void approvalThreshold(UUID merchant, String amount) throws Exception {
        await(database.statements()
                .preparedQuery("UPDATE merchants SET approval_threshold = $2 WHERE id = $1")
                .execute(Tuple.of(merchant, amount == null ? null : new BigDecimal(amount))));
    }
}
