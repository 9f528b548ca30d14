package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.checkout.WalletProviders;
import io.walletpay.money.SettleWindow;
import io.walletpay.money.Transfer;
import io.walletpay.money.TransferKind;
import io.walletpay.money.TransferOutcome;
import io.walletpay.money.TransferProvider;
import io.walletpay.store.TransferStore;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pays the pending refunds and payouts at the provider, never one twice. MonCash's Transfert takes no idempotency
 * key and its status look-up cannot see a transfer it is still processing, so a reference is sent once: the send is
 * recorded before the request leaves, and an answer that does not prove the outcome (a timeout, a lost connection,
 * a 5xx, a 4xx other than a refusal, a body it cannot read, a crash mid-way) is settled only by asking about the
 * reference, with back-off, for the {@link SettleWindow}. Still not found at its end, the transfer stays
 * {@code pending} and is held for an operator ({@link ReviewTransfers}); only the operator may send it again.
 */
public final class SettleTransfers {

    private static final Logger log = LoggerFactory.getLogger(SettleTransfers.class);

    static final int BATCH = 16;
    static final Duration MIN_LEASE = Duration.ofSeconds(60);
    static final Duration LEASE_MARGIN = Duration.ofSeconds(30);

    private final TransferStore transfers;
    private final WalletProviders providers;
    private final SettleWindow window;
    private final Clock clock;
    private final Duration lease;

    public SettleTransfers(TransferStore transfers, WalletProviders providers, SettleWindow window) {
        this(transfers, providers, window, Clock.systemUTC());
    }

    SettleTransfers(TransferStore transfers, WalletProviders providers, SettleWindow window, Clock clock) {
        this.transfers = transfers;
        this.providers = providers;
        this.window = window;
        this.clock = clock;
        this.lease = lease(providers.longestCall());
    }

    /**
     * How long a claimed transfer stays this worker's: longer than an attempt can last (a status look-up, or a
     * send), so that two workers do not ask about one transfer side by side. Sending twice does not hang on it:
     * only the claim that records the send may make it. At least a minute, for a provider that answers at once.
     */
    static Duration lease(Duration longestCall) {
        Duration attempt = longestCall.multipliedBy(2).plus(LEASE_MARGIN);
        return attempt.compareTo(MIN_LEASE) > 0 ? attempt : MIN_LEASE;
    }

    /** One pass: the due transfers claimed and each taken as far as the provider lets it. */
    public Future<Integer> sweep() {
        return start(BATCH)
                .compose(attempts -> Future.join(attempts).transform(done -> Future.succeededFuture(attempts.size())));
    }

    /**
     * Claims up to {@code limit} due transfers and starts their attempts, without waiting for them: one transfer
     * whose provider is slow to answer does not hold back the others. Each attempt's future completes when it has
     * been taken as far as it goes this time.
     */
    public Future<List<Future<Void>>> start(int limit) {
        return transfers
                .claimDue(limit, lease)
                .map(claimed -> claimed.stream().map(this::attempt).toList());
    }

    private Future<Void> attempt(Transfer transfer) {
        Future<Void> attempt = transfer.sending().sent() ? lookUp(transfer) : sendOnce(transfer);
        return attempt.recover(failure -> {
            // the database or the provider could not be asked: nothing was learned, so the same step comes again
            Duration delay = SettleWindow.backoff(transfer.attempts());
            log.warn(
                    "{} {} not settled (attempt {}), trying again in {} s: {}",
                    transfer.kind().wireName(),
                    transfer.id(),
                    transfer.attempts(),
                    delay.toSeconds(),
                    failure.getMessage());
            return transfers.retryLater(transfer.id(), transfer.attempts(), delay, failure.getMessage());
        });
    }

    /**
     * The one send of a reference: recorded first, so that whatever happens next (a lost answer, a crash) it is
     * only asked about afterwards. A claim that finds the send already recorded by another does not send.
     */
    private Future<Void> sendOnce(Transfer transfer) {
        return transfers.markSent(transfer.id(), transfer.attempts()).compose(sentAt -> {
            if (sentAt == null) {
                return Future.succeededFuture(); // another claim recorded the send: it is that claim's to make
            }
            return provider(transfer)
                    .transfer(transfer.id(), transfer.receiver(), transfer.amount(), description(transfer))
                    .transform(sent -> sent.succeeded()
                            ? settle(transfer, sentAt, sent.result())
                            : unknown(
                                    transfer,
                                    sentAt,
                                    "Transfert's answer proves nothing: "
                                            + sent.cause().getMessage()));
        });
    }

    /** The provider that pays {@code transfer}: a refund's is its payment's. */
    private TransferProvider provider(Transfer transfer) {
        return providers.named(transfer.provider());
    }

    /** What the provider knows of a reference already sent; not found, or not answered, is asked again later. */
    private Future<Void> lookUp(Transfer transfer) {
        return Future.succeededFuture(transfer)
                .compose(asking -> provider(asking).transferStatus(asking.id()))
                .transform(asked -> {
                    if (asked.failed()) {
                        return unknown(
                                transfer,
                                sentAt(transfer),
                                "status look-up failed: " + asked.cause().getMessage());
                    }
                    return settle(transfer, sentAt(transfer), asked.result());
                });
    }

    /** The outcome is not known: asked about again within the window, then held for an operator. */
    private Future<Void> unknown(Transfer transfer, OffsetDateTime sentAt, String why) {
        return window.nextLookUp(sentAt, transfer.attempts(), clock.instant())
                .map(delay -> {
                    log.warn(
                            "{} {} outcome unknown, asking the provider again in {} s: {}",
                            transfer.kind().wireName(),
                            transfer.id(),
                            Math.max(1, delay.toSeconds()),
                            why);
                    return transfers.retryLater(transfer.id(), transfer.attempts(), delay, why);
                })
                .orElseGet(() -> {
                    log.error(
                            "{} {} of {} HTG held for review: its outcome is still unknown after the settle window ({})",
                            transfer.kind().wireName(),
                            transfer.id(),
                            transfer.amount().toPlainString(),
                            why);
                    return transfers.holdForReview(transfer.id(), transfer.attempts(), why);
                });
    }

    private static OffsetDateTime sentAt(Transfer transfer) {
        return transfer.sending().sentAt();
    }

    private Future<Void> settle(Transfer transfer, OffsetDateTime sentAt, TransferOutcome outcome) {
        return switch (outcome.state()) {
            case SUCCEEDED ->
                transfers
                        .succeeded(transfer.id(), outcome.providerTransactionId())
                        .mapEmpty();
            case FAILED -> {
                log.warn("{} {} failed: {}", transfer.kind().wireName(), transfer.id(), outcome.reason());
                yield transfers.failed(transfer.id(), outcome.reason()).mapEmpty();
            }
            case NOT_FOUND -> unknown(transfer, sentAt, "the provider does not show this reference yet");
        };
    }

    /** What the receiver reads in their wallet: which shop, and what for. */
    private static String description(Transfer transfer) {
        return transfer.kind() == TransferKind.REFUND ? "Refund " + transfer.paymentId() : "Payout " + transfer.id();
    }
}
