package io.walletpay.usecase;

import static io.walletpay.usecase.Done.done;
import static io.walletpay.usecase.Done.failure;
import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.Actor;
import io.walletpay.money.Transfer;
import io.walletpay.money.TransferRequest;
import io.walletpay.money.TransferStatus;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Four eyes on money out: from the merchant's approval threshold up, a refund or payout is debited and waits; the
 * person who asked cannot decide on it; another person's approval sends it once through the usual send path, a
 * rejection gives the debit back; a decision is made once.
 */
class ApproveTransfersTest {

    final SettleTransfersTest.TestClock clock =
            new SettleTransfersTest.TestClock(Instant.parse("2026-12-01T10:00:00Z"));
    final InMemoryTransferStore store = new InMemoryTransferStore(clock);
    final SettleTransfersTest.ScriptedProvider provider = new SettleTransfersTest.ScriptedProvider();
    final SettleTransfers settle = new SettleTransfers(store, provider.registry(), SettleTransfersTest.WINDOW, clock);
    final MoneyOut moneyOut = new MoneyOut(store, "moncash");
    final ApproveTransfers approvals = new ApproveTransfers(store);

    final UUID merchant = UUID.randomUUID();
    final UUID payment = store.fund(merchant, new BigDecimal("1000.00"));
    final Actor cashierAtTheTill = Actor.person("kesye@boutik.ht", "10.0.0.1");
    final Actor owner = new Actor("person:owner", "10.0.0.2");
    final Actor manager = new Actor("person:manager", "10.0.0.3");

    @Test
    void belowTheThresholdAPayoutIsPendingAndSentAsBefore() {
        store.approvalThreshold(merchant, new BigDecimal("500.00"));

        Transfer payout = payout("499.99", cashierAtTheTill);
        runFor(Duration.ofSeconds(5));

        assertThat(payout.status()).isEqualTo(TransferStatus.PENDING);
        assertThat(payout.approval()).isNull();
        assertThat(provider.sent).containsExactly(payout.id());
        assertThat(store.row(payout.id()).status()).isEqualTo(TransferStatus.SUCCEEDED);
    }

    @Test
    void withoutAThresholdEvenALargePayoutIsPending() {
        Transfer payout = payout("1000.00", cashierAtTheTill);

        assertThat(payout.status()).isEqualTo(TransferStatus.PENDING);
    }

    @Test
    void atTheThresholdAPayoutWaitsDebitedAndTheProviderHearsNothing() {
        store.approvalThreshold(merchant, new BigDecimal("500.00"));

        Transfer payout = payout("500.00", cashierAtTheTill);
        runFor(Duration.ofMinutes(5));

        assertThat(payout.status()).isEqualTo(TransferStatus.AWAITING_APPROVAL);
        assertThat(payout.approval().requestedBy()).isEqualTo(cashierAtTheTill.who());
        assertThat(provider.sent).isEmpty();
        assertThat(store.row(payout.id()).status()).isEqualTo(TransferStatus.AWAITING_APPROVAL);
        assertThat(done(moneyOut.balance(merchant)).available()).isEqualByComparingTo("500.00");
        assertThat(done(moneyOut.balance(merchant)).pendingOut()).isEqualByComparingTo("500.00");
        assertThat(done(approvals.awaiting(merchant))).extracting(Transfer::id).containsExactly(payout.id());
        // the same money cannot be asked for twice while it waits
        assertThat(code(moneyOut.payout(merchant, new TransferRequest(new BigDecimal("500.01"), null), null)))
                .isEqualTo("insufficient_balance");
    }

    @Test
    void whoAskedCannotApproveOrRejectIt() {
        store.approvalThreshold(merchant, new BigDecimal("500.00"));
        Transfer payout = payout("700.00", owner);

        Throwable approving = failure(approvals.approve(merchant, payout.id(), owner));
        Throwable rejecting = failure(approvals.reject(merchant, payout.id(), owner));

        for (Throwable refused : java.util.List.of(approving, rejecting)) {
            assertThat(refused).isInstanceOf(ServiceException.class);
            assertThat(((ServiceException) refused).code()).isEqualTo("approval_by_requester");
            assertThat(((ServiceException) refused).kind()).isEqualTo(ErrorKind.FORBIDDEN);
        }
        runFor(Duration.ofMinutes(1));
        assertThat(store.row(payout.id()).status()).isEqualTo(TransferStatus.AWAITING_APPROVAL);
        assertThat(provider.sent).isEmpty();
        assertThat(store.audit).isEmpty();
    }

    @Test
    void anotherPersonsApprovalSendsItOnceAndIsAudited() {
        store.approvalThreshold(merchant, new BigDecimal("500.00"));
        Transfer payout = payout("700.00", cashierAtTheTill);

        Transfer approved = done(approvals.approve(merchant, payout.id(), manager));
        runFor(Duration.ofMinutes(5));

        assertThat(approved.status()).isEqualTo(TransferStatus.PENDING);
        assertThat(approved.approval().approvedBy()).isEqualTo(manager.who());
        assertThat(provider.sent).containsExactly(payout.id());
        assertThat(store.row(payout.id()).status()).isEqualTo(TransferStatus.SUCCEEDED);
        assertThat(store.audit).singleElement().satisfies(entry -> {
            assertThat(entry.action()).isEqualTo("transfer.approve");
            assertThat(entry.actor()).isEqualTo(manager.who());
            assertThat(entry.what()).contains(payout.id().toString());
        });
        assertThat(done(moneyOut.balance(merchant)).available()).isEqualByComparingTo("300.00");
    }

    @Test
    void aRejectionFailsItAndGivesTheDebitBack() {
        store.approvalThreshold(merchant, new BigDecimal("500.00"));
        Transfer refund = done(moneyOut.refund(
                        merchant, payment, TransferRequest.refund(null, "wrong size"), null, cashierAtTheTill))
                .transfer();
        assertThat(refund.status()).isEqualTo(TransferStatus.AWAITING_APPROVAL);
        assertThat(done(moneyOut.balance(merchant)).available()).isEqualByComparingTo("0.00");

        Transfer rejected = done(approvals.reject(merchant, refund.id(), owner));
        runFor(Duration.ofMinutes(5));

        assertThat(rejected.status()).isEqualTo(TransferStatus.FAILED);
        assertThat(rejected.failureReason()).isEqualTo(Transfer.APPROVAL_REJECTED);
        assertThat(rejected.approval().rejectedBy()).isEqualTo(owner.who());
        assertThat(provider.sent).isEmpty();
        assertThat(done(moneyOut.balance(merchant)).available()).isEqualByComparingTo("1000.00");
        assertThat(done(moneyOut.balance(merchant)).pendingOut()).isEqualByComparingTo("0.00");
        assertThat(store.audit).singleElement().satisfies(entry -> {
            assertThat(entry.action()).isEqualTo("transfer.reject");
            assertThat(entry.actor()).isEqualTo(owner.who());
        });
    }

    @Test
    void aSecondDecisionIsAConflictAndChangesNothing() {
        store.approvalThreshold(merchant, new BigDecimal("500.00"));
        Transfer payout = payout("700.00", cashierAtTheTill);
        done(approvals.approve(merchant, payout.id(), manager));

        assertThat(code(approvals.approve(merchant, payout.id(), owner))).isEqualTo("not_awaiting_approval");
        assertThat(code(approvals.reject(merchant, payout.id(), owner))).isEqualTo("not_awaiting_approval");
        runFor(Duration.ofMinutes(5));

        assertThat(provider.sent).containsExactly(payout.id());
        assertThat(store.row(payout.id()).status()).isEqualTo(TransferStatus.SUCCEEDED);
        assertThat(store.audit).hasSize(1);
    }

    @Test
    void anotherMerchantsTransferIsNotFound() {
        store.approvalThreshold(merchant, new BigDecimal("500.00"));
        Transfer payout = payout("700.00", cashierAtTheTill);

        assertThat(code(approvals.approve(UUID.randomUUID(), payout.id(), manager)))
                .isEqualTo("not_found");
        assertThat(store.row(payout.id()).status()).isEqualTo(TransferStatus.AWAITING_APPROVAL);
    }

    @Test
    void aTransferThatNeverNeededApprovalCannotBeApproved() {
        Transfer payout = payout("700.00", cashierAtTheTill);

        assertThat(code(approvals.approve(merchant, payout.id(), manager))).isEqualTo("not_awaiting_approval");
    }

    private Transfer payout(String amount, Actor asker) {
        return done(moneyOut.payout(merchant, true, new TransferRequest(new BigDecimal(amount), null), null, asker))
                .transfer();
    }

    private static String code(io.vertx.core.Future<?> future) {
        return ((ServiceException) failure(future)).code();
    }

    private void runFor(Duration duration) {
        Instant end = clock.instant().plus(duration);
        while (clock.instant().isBefore(end)) {
            settle.sweep();
            clock.advance(Duration.ofSeconds(1));
        }
    }
}
