package io.walletpay.usecase;

import static io.walletpay.usecase.Done.done;
import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.money.NewTransfer;
import io.walletpay.money.Transfer;
import io.walletpay.money.TransferKind;
import io.walletpay.money.TransferRequest;
import java.math.BigDecimal;
import java.time.Clock;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A refund goes back through the provider that took its payment, a payout through the deployment's provider; each
 * keyed by its target, so one Idempotency-Key never names two kinds of request.
 */
class MoneyOutTest {

    private final InMemoryTransferStore transfers = new InMemoryTransferStore(Clock.systemUTC());
    private final MoneyOut moneyOut = new MoneyOut(transfers, "moncash");
    private final UUID merchant = UUID.randomUUID();
    private final UUID payment = transfers.fund(merchant, new BigDecimal("1000.00"));

    @Test
    void aRefundIsAskedForThePaymentWithoutAProviderOfItsOwn() {
        Transfer refund = done(moneyOut.refund(
                        merchant, payment, TransferRequest.refund(new BigDecimal("40.00"), "damaged"), "key-1"))
                .transfer();

        NewTransfer asked = transfers.asked.get(0);
        assertThat(asked.kind()).isEqualTo(TransferKind.REFUND);
        assertThat(asked.paymentId()).isEqualTo(payment);
        assertThat(asked.amount()).isEqualByComparingTo("40.00");
        assertThat(asked.reason()).isEqualTo("damaged");
        assertThat(asked.idempotencyKey()).isEqualTo("key-1");
        assertThat(asked.provider()).as("the payment's provider pays it back").isNull();
        assertThat(refund.provider()).isEqualTo("sandbox");
    }

    @Test
    void aPayoutGoesThroughTheDeploymentsProvider() {
        Transfer payout = done(moneyOut.payout(merchant, new TransferRequest(new BigDecimal("500.00"), null), null))
                .transfer();

        NewTransfer asked = transfers.asked.get(0);
        assertThat(asked.kind()).isEqualTo(TransferKind.PAYOUT);
        assertThat(asked.paymentId()).isNull();
        assertThat(asked.provider()).isEqualTo("moncash");
        assertThat(payout.provider()).isEqualTo("moncash");
    }

    @Test
    void theSameBodyForARefundAndAPayoutIsTwoDifferentRequests() {
        TransferRequest body = new TransferRequest(new BigDecimal("10.00"), null);

        done(moneyOut.refund(merchant, payment, body, "key"));
        done(moneyOut.payout(merchant, body, "key"));

        assertThat(transfers.asked.get(0).requestHash())
                .isNotEqualTo(transfers.asked.get(1).requestHash());
    }
}
