package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.Actor;
import io.walletpay.merchant.Audited;
import io.walletpay.money.ApprovalThreshold;
import io.walletpay.money.Transfer;
import io.walletpay.money.TransferStatus;
import io.walletpay.store.TransferStore;
import java.util.List;
import java.util.UUID;

/**
 * Four eyes on money out: a refund or payout of at least the merchant's approval threshold waits, its debit taken,
 * until a person other than the one who asked approves it (it then becomes pending and is paid by
 * {@link SettleTransfers}, as any other) or rejects it ({@code failed}, {@code failure_reason}
 * {@code approval_rejected}, the debit given back). Each decision is made once, whoever else decides at the same
 * moment, and is in the merchant's audit log naming who made it. Who may decide at all (owners and managers) is the
 * portal's permission check; this rule is only that nobody approves their own request.
 */
public final class ApproveTransfers {

    static final String APPROVE = "transfer.approve";
    static final String REJECT = "transfer.reject";

    private final TransferStore transfers;

    public ApproveTransfers(TransferStore transfers) {
        this.transfers = transfers;
    }

    /** The merchant's refunds and payouts awaiting approval, oldest first. */
    public Future<List<Transfer>> awaiting(UUID merchantId) {
        return transfers.awaitingApproval(merchantId);
    }

    /**
     * Approves the transfer: 404 when it is not the merchant's, 403 {@code approval_by_requester} for the person
     * who asked, 409 {@code not_awaiting_approval} when it awaits no longer.
     */
    public Future<Transfer> approve(UUID merchantId, UUID transferId, Actor approver) {
        return awaitingOf(merchantId, transferId, approver)
                .compose(transfer -> transfers.approve(
                        transferId, approver.who(), Audited.entry(merchantId, approver, APPROVE, what(transfer))));
    }

    /** Rejects the transfer, its debit given back; refused as {@link #approve} is. */
    public Future<Transfer> reject(UUID merchantId, UUID transferId, Actor decider) {
        return awaitingOf(merchantId, transferId, decider)
                .compose(transfer -> transfers.reject(
                        transferId, decider.who(), Audited.entry(merchantId, decider, REJECT, what(transfer))));
    }

    /** The transfer, when {@code decider} may decide on it now. */
    private Future<Transfer> awaitingOf(UUID merchantId, UUID transferId, Actor decider) {
        return transfers.forOperator(transferId).map(transfer -> {
            if (!transfer.merchantId().equals(merchantId)) {
                throw ServiceException.notFound("Transfer");
            }
            if (transfer.status() != TransferStatus.AWAITING_APPROVAL) {
                throw new ServiceException(
                        ErrorKind.CONFLICT,
                        "not_awaiting_approval",
                        "This " + transfer.kind().wireName() + " is not awaiting approval; it is "
                                + transfer.status().wireName());
            }
            if (!ApprovalThreshold.mayDecide(transfer.approval().requestedBy(), decider.who())) {
                throw new ServiceException(
                        ErrorKind.FORBIDDEN,
                        "approval_by_requester",
                        "You asked for this " + transfer.kind().wireName()
                                + ": another owner or manager must approve or reject it");
            }
            return transfer;
        });
    }

    /** What the audit entry says: the kind, id and amount, never a wallet number. */
    private static String what(Transfer transfer) {
        return transfer.kind().wireName() + " " + transfer.id() + " "
                + transfer.amount().toPlainString() + " HTG";
    }
}
