package io.walletpay.usecase;

import io.walletpay.store.ReportStore;
import io.walletpay.store.ReportStoreContract;
import java.time.LocalDate;
import java.util.UUID;

/** The closed days' contract on the in-memory store the totals' fast test runs over. */
class InMemoryReportStoreContractTest extends ReportStoreContract {

    private final InMemoryReportStore reports = new InMemoryReportStore();

    @Override
    protected ReportStore reports() {
        return reports;
    }

    @Override
    protected UUID newMerchant() {
        return reports.merchant(UUID.randomUUID());
    }

    @Override
    protected void payment(UUID merchant, LocalDate day, boolean pending) {
        reports.payment(merchant, day, pending);
    }
}
