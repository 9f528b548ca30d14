package io.walletpay.usecase;

import io.walletpay.store.TransferStore;
import io.walletpay.store.TransferStoreContract;
import java.math.BigDecimal;
import java.time.Clock;
import java.util.UUID;

/** The transfers' contract on the in-memory store the use cases' tests run over. */
class InMemoryTransferStoreContractTest extends TransferStoreContract {

    private final InMemoryTransferStore transfers = new InMemoryTransferStore(Clock.systemUTC());

    @Override
    protected TransferStore transfers() {
        return transfers;
    }

    @Override
    protected Funded funded(String amount) {
        UUID merchant = UUID.randomUUID();
        return new Funded(merchant, transfers.fund(merchant, new BigDecimal(amount)));
    }

    @Override
    protected void approvalThreshold(UUID merchant, String amount) {
        transfers.approvalThreshold(merchant, amount == null ? null : new BigDecimal(amount));
    }
}
