package io.walletpay.store;

import static io.walletpay.store.ContractCalls.await;

import io.vertx.sqlclient.Tuple;
import io.walletpay.support.BehaviourTest;
import java.time.LocalDate;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The closed days' contract on PostgreSQL. */
@BehaviourTest
class PgReportStoreContractTest extends ReportStoreContract {

    @RegisterExtension
    final StoreFixture fixture = new StoreFixture();

    private Database database;
    private ReportStore reports;

    @BeforeEach
    void openStore() throws Exception {
        database = fixture.database("report-store-contract");
        reports = new PgReportStore(database);
    }

    @Override
    protected ReportStore reports() {
        return reports;
    }

    @Override
    protected UUID newMerchant() throws Exception {
        return StoreTestSupport.merchant(database);
    }

    @Override
    protected void payment(UUID merchant, LocalDate day, boolean pending) throws Exception {
        UUID id = UUID.randomUUID();
        await(database.statements()
                .preparedQuery(
                        "INSERT INTO payments (id, merchant_id, amount, fees, net_amount, status, checkout_token,"
                                + " redirect_url, created_at, expires_at) VALUES ($1, $2, 10.00, 0, 10.00, $3, $1::text,"
                                + " 'http://localhost/pay', ($4::date + time '10:00') AT TIME ZONE 'America/Port-au-Prince',"
                                + " now() + interval '1 hour')")
                .execute(Tuple.of(id, merchant, pending ? "pending" : "completed", day)));
    }
}
