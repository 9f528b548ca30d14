package io.walletpay.store;

import static io.walletpay.store.ContractCalls.await;
import static io.walletpay.store.ContractCalls.code;
import static org.assertj.core.api.Assertions.assertThat;

import io.walletpay.merchant.AuditEntry;
import io.walletpay.money.Balance;
import io.walletpay.money.CreatedTransfer;
import io.walletpay.money.NewTransfer;
import io.walletpay.money.Transfer;
import io.walletpay.money.TransferKind;
import io.walletpay.money.TransferPage;
import io.walletpay.money.TransferResolution;
import io.walletpay.money.TransferStatus;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What every implementation of {@link TransferStore} must do, run against each: the in-memory store the use cases'
 * tests use, and PostgreSQL. A refund or payout debits the merchant's balance within its rules, once per
 * Idempotency-Key; a pending transfer is claimed under a lease, its send recorded once, and settled once (a failed
 * one gives its debit back); one held for review waits for an operator's decision.
 */
public abstract class TransferStoreContract {

    private static final Duration LEASE = Duration.ofMinutes(3);

    /** A merchant with a payout phone and one completed payment whose net amount it holds. */
    public record Funded(UUID merchant, UUID payment) {}

    /** The store under test. */
    protected abstract TransferStore transfers();

    /** A new, active merchant the store knows, with a payout phone and a completed payment of {@code amount}. */
    protected abstract Funded funded(String amount) throws Exception;

    /** Sets the merchant's approval threshold ({@code null}: four eyes off), as the admin API does. */
    protected abstract void approvalThreshold(UUID merchant, String amount) throws Exception;

    @Test
    void atItsMerchantsThresholdATransferAwaitsApprovalDebitedAndNoWorkerClaimsIt() throws Exception {
        Funded funded = funded("100.00");
        approvalThreshold(funded.merchant(), "50.00");

        Transfer below = pendingPayout(funded, "49.99");
        Transfer at = pendingPayout(funded, "50.00");

        assertThat(below.status()).isEqualTo(TransferStatus.PENDING);
        assertThat(below.approval()).isNull();
        assertThat(at.status()).isEqualTo(TransferStatus.AWAITING_APPROVAL);
        assertThat(at.approval().requestedBy()).isEqualTo(funded.merchant().toString());
        assertThat(at.approval().approvedBy()).isNull();
        assertThat(await(transfers().awaitingApproval(funded.merchant())))
                .extracting(Transfer::id)
                .containsExactly(at.id());
        assertThat(await(transfers().claimDue(10, LEASE)))
                .extracting(Transfer::id)
                .containsExactly(below.id());
        assertBalance(funded, "0.01", "99.99");
        assertThat(code(() -> transfers().create(payout(funded, "0.02", null, null))))
                .isEqualTo("insufficient_balance");
    }

    @Test
    void anApprovedTransferIsPendingAndClaimedAndASecondDecisionIsRefused() throws Exception {
        Funded funded = funded("100.00");
        approvalThreshold(funded.merchant(), "50.00");
        Transfer asked = pendingPayout(funded, "80.00");

        Transfer approved = await(transfers().approve(asked.id(), "portal:someone-else", entry(funded)));

        assertThat(approved.status()).isEqualTo(TransferStatus.PENDING);
        assertThat(approved.approval().approvedBy()).isEqualTo("portal:someone-else");
        assertThat(approved.approval().decidedAt()).isNotNull();
        assertThat(await(transfers().awaitingApproval(funded.merchant()))).isEmpty();
        assertThat(code(() -> transfers().reject(asked.id(), "portal:a-third", entry(funded))))
                .isEqualTo("not_awaiting_approval");
        assertThat(code(() -> transfers().approve(asked.id(), "portal:a-third", entry(funded))))
                .isEqualTo("not_awaiting_approval");
        assertThat(claimed(asked.id()).status()).isEqualTo(TransferStatus.PENDING);
        assertBalance(funded, "20.00", "80.00");
    }

    @Test
    void ofAnApprovalAndARejectionAtOnceOneWinsAndTheBooksFollowIt() throws Exception {
        Funded funded = funded("100.00");
        approvalThreshold(funded.merchant(), "50.00");
        Transfer asked = pendingPayout(funded, "70.00");

        io.vertx.core.Future<Transfer> approving = transfers().approve(asked.id(), "portal:owner", entry(funded));
        io.vertx.core.Future<Transfer> rejecting = transfers().reject(asked.id(), "portal:manager", entry(funded));
        await(io.vertx.core.Future.join(approving, rejecting).otherwiseEmpty());

        assertThat(List.of(approving.succeeded(), rejecting.succeeded())).containsExactlyInAnyOrder(true, false);
        io.vertx.core.Future<Transfer> lost = approving.succeeded() ? rejecting : approving;
        assertThat(code(() -> lost)).isEqualTo("not_awaiting_approval");
        Transfer now = await(transfers().forOperator(asked.id()));
        if (approving.succeeded()) {
            assertThat(now.status()).isEqualTo(TransferStatus.PENDING);
            assertBalance(funded, "30.00", "70.00");
        } else {
            assertThat(now.status()).isEqualTo(TransferStatus.FAILED);
            assertBalance(funded, "100.00", "0.00");
        }
    }

    @Test
    void whoAskedCannotDecideEvenAtTheStore() throws Exception {
        Funded funded = funded("100.00");
        approvalThreshold(funded.merchant(), "10.00");
        Transfer asked = pendingPayout(funded, "10.00");

        assertThat(code(() -> transfers().approve(asked.id(), funded.merchant().toString(), entry(funded))))
                .isEqualTo("not_awaiting_approval");
        assertThat(code(() -> transfers().reject(asked.id(), funded.merchant().toString(), entry(funded))))
                .isEqualTo("not_awaiting_approval");

        assertThat(await(transfers().forOperator(asked.id())).status()).isEqualTo(TransferStatus.AWAITING_APPROVAL);
    }

    @Test
    void aRejectedRefundFailsAndGivesItsDebitAndItsPaymentBack() throws Exception {
        Funded funded = funded("100.00");
        approvalThreshold(funded.merchant(), "50.00");
        Transfer asked = await(transfers().create(refund(funded, "60.00"))).transfer();
        assertThat(asked.status()).isEqualTo(TransferStatus.AWAITING_APPROVAL);
        assertBalance(funded, "40.00", "60.00");

        Transfer rejected = await(transfers().reject(asked.id(), "portal:someone-else", entry(funded)));

        assertThat(rejected.status()).isEqualTo(TransferStatus.FAILED);
        assertThat(rejected.failureReason()).isEqualTo(Transfer.APPROVAL_REJECTED);
        assertThat(rejected.approval().rejectedBy()).isEqualTo("portal:someone-else");
        assertThat(rejected.approval().approvedBy()).isNull();
        assertBalance(funded, "100.00", "0.00");
        assertThat(await(transfers().claimDue(10, LEASE))).isEmpty();
        approvalThreshold(funded.merchant(), null);
        assertThat(await(transfers().create(refund(funded, null))).transfer().amount())
                .isEqualByComparingTo("100.00");
    }

    @Test
    void aPayoutDebitsTheBalanceAndReadsBackPendingToThePayoutPhone() throws Exception {
        Funded funded = funded("100.00");

        CreatedTransfer created = await(transfers().create(payout(funded, "40.00", null, null)));

        Transfer payout = created.transfer();
        assertThat(created.created()).isTrue();
        assertThat(payout.status()).isEqualTo(TransferStatus.PENDING);
        assertThat(payout.amount()).isEqualByComparingTo("40.00");
        assertThat(payout.receiver()).isEqualTo(balance(funded).payoutPhone()).isNotNull();
        assertThat(await(transfers().get(funded.merchant(), TransferKind.PAYOUT, payout.id())))
                .isEqualTo(payout);
        assertThat(await(transfers().forOperator(payout.id()))).isEqualTo(payout);
        assertBalance(funded, "60.00", "40.00");
    }

    @Test
    void aPayoutPastTheBalanceIsRefusedAndDebitsNothing() throws Exception {
        Funded funded = funded("100.00");

        assertThat(code(() -> transfers().create(payout(funded, "100.01", null, null))))
                .isEqualTo("insufficient_balance");

        assertBalance(funded, "100.00", "0.00");
        assertThat(await(transfers().create(payout(funded, "100.00", null, null)))
                        .created())
                .isTrue();
        assertBalance(funded, "0.00", "100.00");
    }

    @Test
    void aRefundTakesWhatIsLeftOfItsPaymentAndNeverMore() throws Exception {
        Funded funded = funded("100.00");

        Transfer first = await(transfers().create(refund(funded, "60.00"))).transfer();
        assertThat(code(() -> transfers().create(refund(funded, "40.01")))).isEqualTo("refund_exceeds_payment");
        Transfer rest = await(transfers().create(refund(funded, null))).transfer();

        assertThat(first.paymentId()).isEqualTo(funded.payment());
        assertThat(rest.amount()).isEqualByComparingTo("40.00");
        assertThat(code(() -> transfers().create(refund(funded, null)))).isEqualTo("refund_exceeds_payment");
        assertBalance(funded, "0.00", "100.00");
    }

    @Test
    void theSameKeyAnswersTheSameTransferOnceAndAnotherRequestWithItIsRefused() throws Exception {
        Funded funded = funded("100.00");

        CreatedTransfer first = await(transfers().create(payout(funded, "40.00", "key-1", "body-a")));
        CreatedTransfer again = await(transfers().create(payout(funded, "40.00", "key-1", "body-a")));

        assertThat(again.created()).isFalse();
        assertThat(again.transfer().id()).isEqualTo(first.transfer().id());
        assertThat(code(() -> transfers().create(payout(funded, "30.00", "key-1", "body-b"))))
                .isEqualTo("idempotency_key_reused");
        assertBalance(funded, "60.00", "40.00");
    }

    @Test
    void aDueTransferIsClaimedOnceWhileLeasedAndItsSendIsRecordedOnceByItsClaim() throws Exception {
        Funded funded = funded("100.00");
        Transfer payout = pendingPayout(funded, "40.00");

        List<Transfer> claimed = await(transfers().claimDue(10, LEASE));
        List<Transfer> whileLeased = await(transfers().claimDue(10, LEASE));

        assertThat(claimed).extracting(Transfer::id).containsExactly(payout.id());
        assertThat(claimed.get(0).attempts()).isEqualTo(1);
        assertThat(whileLeased).isEmpty();
        assertThat(await(transfers().markSent(payout.id(), 0)))
                .as("not this claim's")
                .isNull();
        OffsetDateTime sent = await(transfers().markSent(payout.id(), 1));
        assertThat(sent).isNotNull();
        assertThat(await(transfers().markSent(payout.id(), 1)))
                .as("sent already")
                .isNull();
        Transfer read = await(transfers().forOperator(payout.id()));
        assertThat(read.sending().sent()).isTrue();
        assertThat(read.sending().sends()).isEqualTo(1);
    }

    @Test
    void onlyItsOwnClaimPutsATransferOffForLater() throws Exception {
        Funded funded = funded("100.00");
        Transfer payout = pendingPayout(funded, "40.00");
        Transfer claimed = claimed(payout.id());

        await(transfers().retryLater(payout.id(), claimed.attempts() - 1, Duration.ofHours(1), "a stale claim's"));
        assertThat(await(transfers().forOperator(payout.id())).sending().lastError())
                .isNull();
        await(transfers().retryLater(payout.id(), claimed.attempts(), Duration.ofHours(1), "timed out"));

        assertThat(await(transfers().forOperator(payout.id())).sending().lastError())
                .isEqualTo("timed out");
        assertThat(await(transfers().claimDue(10, LEASE)))
                .as("not due for an hour")
                .isEmpty();
    }

    @Test
    void aFailedRefundNoLongerCountsAgainstItsPayment() throws Exception {
        Funded funded = funded("100.00");
        Transfer refund = await(transfers().create(refund(funded, null))).transfer();

        await(transfers().failed(refund.id(), Transfer.PROVIDER_REFUSED));

        assertThat(await(transfers().create(refund(funded, "100.00"))).created())
                .isTrue();
        assertBalance(funded, "0.00", "100.00");
    }

    @Test
    void aFailedTransferGivesItsDebitBackAndASettledOneStaysAsItIs() throws Exception {
        Funded funded = funded("100.00");
        Transfer failing = pendingPayout(funded, "40.00");
        Transfer paying = pendingPayout(funded, "25.00");

        Transfer failed = await(transfers().failed(failing.id(), Transfer.PROVIDER_REFUSED));
        Transfer paid = await(transfers().succeeded(paying.id(), "TX-1"));

        assertThat(failed.status()).isEqualTo(TransferStatus.FAILED);
        assertThat(failed.failureReason()).isEqualTo(Transfer.PROVIDER_REFUSED);
        assertThat(paid.status()).isEqualTo(TransferStatus.SUCCEEDED);
        assertThat(paid.providerTransactionId()).isEqualTo("TX-1");
        assertBalance(funded, "75.00", "0.00");
        assertThat(await(transfers().succeeded(failing.id(), "TX-2")).status()).isEqualTo(TransferStatus.FAILED);
        assertThat(await(transfers().failed(paying.id(), "late")).status()).isEqualTo(TransferStatus.SUCCEEDED);
        assertBalance(funded, "75.00", "0.00");
    }

    @Test
    void aTransferHeldForReviewIsNotClaimedUntilAnOperatorSendsItAgain() throws Exception {
        Funded funded = funded("100.00");
        Transfer payout = pendingPayout(funded, "40.00");
        await(transfers().create(payout(funded, "10.00", null, null)));
        Transfer claimed = claimed(payout.id());
        await(transfers().markSent(payout.id(), claimed.attempts()));

        await(transfers().holdForReview(payout.id(), claimed.attempts(), "timed out"));

        assertThat(await(transfers().heldForReview()).count()).isEqualTo(1);
        assertThat(await(transfers().heldForReview()).amount()).isEqualByComparingTo("40.00");
        assertThat(await(transfers().forOperators(true, 10, null)).transfers())
                .extracting(Transfer::id)
                .containsExactly(payout.id());
        assertThat(await(transfers().claimDue(10, LEASE)))
                .extracting(Transfer::id)
                .doesNotContain(payout.id());

        Transfer again = await(
                transfers().resolve(payout.id(), decision(TransferResolution.Outcome.SEND_AGAIN), null, entry(funded)));

        assertThat(again.status()).isEqualTo(TransferStatus.PENDING);
        assertThat(again.sending().needsReview()).isFalse();
        assertThat(again.sending().sent()).as("the send no longer recorded").isFalse();
        assertThat(await(transfers().heldForReview()).count()).isZero();
        assertThat(await(transfers().claimDue(10, LEASE)))
                .extracting(Transfer::id)
                .containsExactly(payout.id());
        assertThat(code(() -> transfers()
                        .resolve(payout.id(), decision(TransferResolution.Outcome.FAILED), null, entry(funded))))
                .isEqualTo("not_in_review");
    }

    @Test
    void operatorsPageThroughEveryMerchantsTransfersNewestFirst() throws Exception {
        Transfer first = pendingPayout(funded("100.00"), "10.00");
        Transfer second = pendingPayout(funded("100.00"), "20.00");
        Transfer third = pendingPayout(funded("100.00"), "30.00");

        TransferPage newest = await(transfers().forOperators(false, 2, null));
        TransferPage rest = await(transfers().forOperators(false, 2, second.id()));

        assertThat(newest.transfers()).extracting(Transfer::id).containsExactly(third.id(), second.id());
        assertThat(newest.hasMore()).isTrue();
        assertThat(rest.transfers()).extracting(Transfer::id).containsExactly(first.id());
        assertThat(rest.hasMore()).isFalse();
        assertThat(await(transfers().forOperators(true, 2, null)).transfers()).isEmpty();
        assertThat(code(() -> transfers().forOperators(false, 2, UUID.randomUUID())))
                .isEqualTo("invalid_starting_after");
    }

    @Test
    void anOperatorsDecisionSettlesAHeldTransferAndAFailedOneGivesItsDebitBack() throws Exception {
        Funded funded = funded("100.00");
        Transfer failing = pendingPayout(funded, "40.00");
        Transfer paying = pendingPayout(funded, "25.00");
        for (Transfer claimed : await(transfers().claimDue(10, LEASE))) {
            await(transfers().holdForReview(claimed.id(), claimed.attempts(), "timed out"));
        }

        Transfer failed = await(
                transfers().resolve(failing.id(), decision(TransferResolution.Outcome.FAILED), null, entry(funded)));
        Transfer paid = await(transfers()
                .resolve(paying.id(), decision(TransferResolution.Outcome.SUCCEEDED), "TX-9", entry(funded)));

        assertThat(failed.status()).isEqualTo(TransferStatus.FAILED);
        assertThat(failed.failureReason()).isEqualTo(Transfer.NOT_MADE);
        assertThat(paid.status()).isEqualTo(TransferStatus.SUCCEEDED);
        assertThat(paid.providerTransactionId()).isEqualTo("TX-9");
        assertThat(paid.sending().resolution().outcome()).isEqualTo(TransferResolution.Outcome.SUCCEEDED);
        assertThat(await(transfers().heldForReview()).count()).isZero();
        assertBalance(funded, "75.00", "0.00");
    }

    private Transfer pendingPayout(Funded funded, String amount) throws Exception {
        return await(transfers().create(payout(funded, amount, null, null))).transfer();
    }

    private Transfer claimed(UUID id) throws Exception {
        return await(transfers().claimDue(10, LEASE)).stream()
                .filter(t -> t.id().equals(id))
                .findFirst()
                .orElseThrow();
    }

    private Balance balance(Funded funded) throws Exception {
        return await(transfers().balance(funded.merchant()));
    }

    private void assertBalance(Funded funded, String available, String pendingOut) throws Exception {
        Balance balance = balance(funded);
        assertThat(balance.available()).as("available").isEqualByComparingTo(available);
        assertThat(balance.pendingOut()).as("pending out").isEqualByComparingTo(pendingOut);
    }

    private static NewTransfer payout(Funded funded, String amount, String key, String body) {
        return new NewTransfer(
                UUID.randomUUID(),
                TransferKind.PAYOUT,
                funded.merchant(),
                null,
                new BigDecimal(amount),
                null,
                key,
                body == null ? null : body.getBytes(StandardCharsets.UTF_8),
                "sandbox");
    }

    private static NewTransfer refund(Funded funded, String amount) {
        return new NewTransfer(
                UUID.randomUUID(),
                TransferKind.REFUND,
                funded.merchant(),
                funded.payment(),
                amount == null ? null : new BigDecimal(amount),
                "damaged",
                null,
                null,
                null);
    }

    private static TransferResolution decision(TransferResolution.Outcome outcome) {
        return new TransferResolution(outcome, "checked the provider's history", OffsetDateTime.now());
    }

    private static AuditEntry entry(Funded funded) {
        return new AuditEntry(funded.merchant(), "operator", "127.0.0.1", "transfer.resolved", "a held payout");
    }
}
