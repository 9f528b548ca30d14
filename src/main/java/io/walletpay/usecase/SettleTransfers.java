package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.money.Transfer;
import io.walletpay.money.TransferKind;
import io.walletpay.money.TransferOutcome;
import io.walletpay.money.TransferProvider;
import io.walletpay.store.TransferStore;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pays the pending refunds and payouts at the provider, exactly once each. A transfer's first attempt sends it; any
 * later attempt (the answer was lost: a timeout, a crash, a restart) first asks the provider about its reference and
 * sends it again only when the provider never got it. A refused transfer fails and its debit is given back; a
 * provider that cannot be reached is asked again later, with back-off.
 */
public final class SettleTransfers {

    private static final Logger log = LoggerFactory.getLogger(SettleTransfers.class);

    static final int BATCH = 16;
    static final Duration MIN_LEASE = Duration.ofSeconds(60);
    static final Duration LEASE_MARGIN = Duration.ofSeconds(30);
    static final Duration MAX_BACKOFF = Duration.ofMinutes(5);

    private final TransferStore transfers;
    private final TransferProvider provider;
    private final Duration lease;

    public SettleTransfers(TransferStore transfers, TransferProvider provider) {
        this.transfers = transfers;
        this.provider = provider;
        this.lease = lease(provider);
    }

    /**
     * How long a claimed transfer stays this worker's: longer than an attempt can last (a status look-up, then a
     * send), so that no other worker claims it while this one may still be sending it. A second Transfert of a
     * reference the provider has not recorded yet would pay twice. At least a minute, for a provider that answers
     * at once.
     */
    static Duration lease(TransferProvider provider) {
        Duration attempt = provider.longestCall().multipliedBy(2).plus(LEASE_MARGIN);
        return attempt.compareTo(MIN_LEASE) > 0 ? attempt : MIN_LEASE;
    }

    /** One pass: the due transfers claimed and each taken as far as the provider lets it. */
    public Future<Integer> sweep() {
        return transfers.claimDue(BATCH, lease).compose(claimed -> {
            List<Future<Void>> attempts = claimed.stream().map(this::attempt).toList();
            return Future.join(attempts).transform(done -> Future.succeededFuture(claimed.size()));
        });
    }

    private Future<Void> attempt(Transfer transfer) {
        Future<TransferOutcome> outcome = transfer.attempts() > 1
                ? provider.transferStatus(transfer.id())
                        .compose(known -> known.state() == TransferOutcome.State.NOT_FOUND
                                ? send(transfer)
                                : Future.succeededFuture(known))
                : send(transfer);
        return outcome.compose(known -> settle(transfer, known)).recover(failure -> {
            Duration delay = backoff(transfer.attempts());
            log.warn(
                    "{} {} not settled (attempt {}), asking again in {} s: {}",
                    transfer.kind().wireName(),
                    transfer.id(),
                    transfer.attempts(),
                    delay.toSeconds(),
                    failure.getMessage());
            return transfers.retryLater(transfer.id(), transfer.attempts(), delay, failure.getMessage());
        });
    }

    private Future<TransferOutcome> send(Transfer transfer) {
        return provider.transfer(transfer.id(), transfer.receiver(), transfer.amount(), description(transfer));
    }

    private Future<Void> settle(Transfer transfer, TransferOutcome outcome) {
        return switch (outcome.state()) {
            case SUCCEEDED ->
                transfers
                        .succeeded(transfer.id(), outcome.providerTransactionId())
                        .mapEmpty();
            case FAILED -> {
                log.warn("{} {} failed: {}", transfer.kind().wireName(), transfer.id(), outcome.reason());
                yield transfers.failed(transfer.id(), outcome.reason()).mapEmpty();
            }
            case NOT_FOUND -> Future.failedFuture(new IllegalStateException("the provider knows no such transfer"));
        };
    }

    /** What the receiver reads in their wallet: which shop, and what for. */
    private static String description(Transfer transfer) {
        return transfer.kind() == TransferKind.REFUND ? "Refund " + transfer.paymentId() : "Payout " + transfer.id();
    }

    /** 2, 4, 8 … seconds, at most five minutes: money out is never given up, only asked about less often. */
    static Duration backoff(int attempts) {
        long seconds = 1L << Math.min(Math.max(attempts, 1), 9);
        return Duration.ofSeconds(Math.min(seconds, MAX_BACKOFF.toSeconds()));
    }
}
