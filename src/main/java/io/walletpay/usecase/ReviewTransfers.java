package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.error.ServiceException;
import io.walletpay.json.JsonInput;
import io.walletpay.merchant.Actor;
import io.walletpay.merchant.Audited;
import io.walletpay.money.Transfer;
import io.walletpay.money.TransferPage;
import io.walletpay.money.TransferResolution;
import io.walletpay.store.TransferStore;
import java.time.OffsetDateTime;
import java.util.Set;
import java.util.UUID;

/**
 * Operators' review of money out: the transfers held because their outcome stayed unknown, and the decision on one
 * after checking the business account's history at the provider. Sending again is the only way a reference leaves
 * a second time; a failed one gives the merchant's debit back; every decision is kept on the transfer and in the
 * merchant's audit log.
 */
public final class ReviewTransfers {

    static final String RESOLVE = "transfer.resolve";
    private static final int MAX_TRANSACTION_ID = 100;

    private final TransferStore transfers;

    public ReviewTransfers(TransferStore transfers) {
        this.transfers = transfers;
    }

    public Future<TransferPage> list(boolean onlyInReview, int limit, UUID startingAfter) {
        return list(onlyInReview, limit, startingAfter, null);
    }

    /** The page after {@code startingAfter} or the one just before {@code endingBefore} (at most one set). */
    public Future<TransferPage> list(boolean onlyInReview, int limit, UUID startingAfter, UUID endingBefore) {
        return transfers.forOperators(onlyInReview, limit, startingAfter, endingBefore);
    }

    public Future<Transfer> get(UUID id) {
        return transfers.forOperator(id);
    }

    /**
     * Resolves the transfer {@code id} as the body says: {@code outcome} ({@code send_again}, {@code failed} or
     * {@code succeeded}), a required {@code note}, and for {@code succeeded} optionally the provider's
     * {@code provider_transaction_id}.
     */
    public Future<Transfer> resolve(UUID id, byte[] body, Actor actor) {
        Decision decision;
        try {
            decision = Decision.read(body);
        } catch (ServiceException invalid) {
            return Future.failedFuture(invalid);
        }
        return transfers
                .forOperator(id)
                .compose(transfer -> transfers.resolve(
                        id,
                        new TransferResolution(decision.outcome(), decision.note(), OffsetDateTime.now()),
                        decision.transactionId(),
                        Audited.entry(
                                transfer.merchantId(),
                                actor,
                                RESOLVE,
                                transfer.kind().wireName() + " " + id + ": "
                                        + decision.outcome().wireName())));
    }

    /** The body of a decision, read and checked. */
    private record Decision(TransferResolution.Outcome outcome, String note, String transactionId) {

        static Decision read(byte[] body) {
            JsonInput input = JsonInput.parseObject(body, Set.of("outcome", "note", "provider_transaction_id"));
            TransferResolution.Outcome outcome = TransferResolution.Outcome.fromWire(input.requiredText("outcome", 20));
            String note = input.requiredText("note", TransferResolution.MAX_NOTE);
            String transactionId = input.optionalText("provider_transaction_id", MAX_TRANSACTION_ID);
            if (transactionId != null && outcome != TransferResolution.Outcome.SUCCEEDED) {
                throw ServiceException.invalid(
                        "provider_transaction_id", "provider_transaction_id goes only with the outcome succeeded");
            }
            return new Decision(outcome, note, transactionId);
        }
    }
}
