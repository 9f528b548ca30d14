package io.walletpay.usecase;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.merchant.Actor;
import io.walletpay.money.SettleWindow;
import io.walletpay.money.Transfer;
import io.walletpay.money.TransferOutcome;
import io.walletpay.money.TransferStatus;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Paying a transfer without ever paying it twice: a send whose answer proves nothing is only asked about, with
 * back-off, for the settle window, then held for an operator; only the operator's "send again" sends it once more.
 */
class SettleTransfersTest {

    static final SettleWindow WINDOW = new SettleWindow(Duration.ofMinutes(30));

    final TestClock clock = new TestClock(Instant.parse("2026-12-01T10:00:00Z"));
    final InMemoryTransferStore store = new InMemoryTransferStore(clock);
    final ScriptedProvider provider = new ScriptedProvider();
    final SettleTransfers settle = new SettleTransfers(store, provider.registry(), WINDOW, clock);

    @Test
    void aSendWhoseAnswerIsLostIsAskedAboutForTheWindowThenHeldNeverSentAgain() {
        Transfer transfer = store.add(new BigDecimal("250.00"));
        provider.sends.add(() -> Future.failedFuture(timeout()));
        provider.lookUps = () -> Future.succeededFuture(TransferOutcome.NOT_FOUND);

        runFor(Duration.ofHours(2));

        assertThat(provider.sent).containsExactly(transfer.id());
        assertThat(provider.asked).hasSizeBetween(10, 16);
        Transfer held = store.row(transfer.id());
        assertThat(held.status()).isEqualTo(TransferStatus.PENDING);
        assertThat(held.sending().needsReview()).isTrue();
        assertThat(held.sending().lastError()).contains("does not show this reference");
    }

    @Test
    void anAnswerThatProvesNothingIsSettledByTheLookUpThatFindsIt() {
        Transfer transfer = store.add(new BigDecimal("80.00"));
        provider.sends.add(() -> Future.failedFuture(new ServiceException(
                ErrorKind.PROVIDER, "provider_error", "Wallet provider Transfert: the provider answered HTTP 400")));
        Deque<TransferOutcome> answers = new ArrayDeque<>(
                List.of(TransferOutcome.NOT_FOUND, TransferOutcome.NOT_FOUND, TransferOutcome.succeeded("2155000042")));
        provider.lookUps = () -> Future.succeededFuture(answers.isEmpty() ? TransferOutcome.NOT_FOUND : answers.pop());

        runFor(Duration.ofMinutes(5));

        Transfer settled = store.row(transfer.id());
        assertThat(settled.status()).isEqualTo(TransferStatus.SUCCEEDED);
        assertThat(settled.providerTransactionId()).isEqualTo("2155000042");
        assertThat(provider.sent).hasSize(1);
    }

    @Test
    void aLookUpThatCannotBeAskedCountsAgainstTheWindowLikeNotFound() {
        Transfer transfer = store.add(new BigDecimal("80.00"));
        provider.sends.add(() -> Future.failedFuture(timeout()));
        provider.lookUps = () -> Future.failedFuture(timeout());

        runFor(Duration.ofHours(1));

        assertThat(store.row(transfer.id()).sending().needsReview()).isTrue();
        assertThat(provider.sent).hasSize(1);
    }

    @Test
    void onlyARefusalFailsAtOnceAndGivesTheDebitBack() {
        Transfer refused = store.add(new BigDecimal("10.00"));
        provider.sends.add(() -> Future.succeededFuture(TransferOutcome.failed(Transfer.PROVIDER_REFUSED)));

        runFor(Duration.ofSeconds(1));

        assertThat(store.row(refused.id()).status()).isEqualTo(TransferStatus.FAILED);
        assertThat(store.row(refused.id()).failureReason()).isEqualTo(Transfer.PROVIDER_REFUSED);
        assertThat(provider.asked).isEmpty();
    }

    @Test
    void aLookUpThatFindsTheTransferFailedFailsIt() {
        Transfer transfer = store.add(new BigDecimal("10.00"));
        provider.sends.add(() -> Future.failedFuture(timeout()));
        provider.lookUps = () -> Future.succeededFuture(TransferOutcome.failed("declined by the wallet provider"));

        runFor(Duration.ofMinutes(1));

        assertThat(store.row(transfer.id()).status()).isEqualTo(TransferStatus.FAILED);
        assertThat(provider.sent).hasSize(1);
    }

    @Test
    void aSecondClaimAfterALeaseRanOutAsksNeverSends() {
        Transfer transfer = store.add(new BigDecimal("10.00"));
        Promise<TransferOutcome> stillWaiting = Promise.promise();
        provider.sends.add(stillWaiting::future);
        provider.lookUps = () -> Future.succeededFuture(TransferOutcome.NOT_FOUND);

        settle.sweep();
        clock.advance(Duration.ofMinutes(5)); // the first worker's lease has run out while MonCash holds the request
        settle.sweep();

        assertThat(provider.sent).containsExactly(transfer.id());
        assertThat(provider.asked).containsExactly(transfer.id());
    }

    @Test
    void theOperatorsSendAgainSendsOnceMoreAndIsAudited() {
        Transfer transfer = store.add(new BigDecimal("75.50"));
        provider.sends.add(() -> Future.failedFuture(timeout()));
        provider.sends.add(() -> Future.succeededFuture(TransferOutcome.succeeded("2155000077")));
        provider.lookUps = () -> Future.succeededFuture(TransferOutcome.NOT_FOUND);
        runFor(Duration.ofHours(1));
        ReviewTransfers review = new ReviewTransfers(store);

        Transfer decided = RunFutures.value(review.resolve(
                transfer.id(),
                "{\"outcome\":\"send_again\",\"note\":\"not in the business account's history\"}"
                        .getBytes(StandardCharsets.UTF_8),
                Actor.admin("127.0.0.1")));
        runFor(Duration.ofMinutes(1));

        assertThat(decided.sending().needsReview()).isFalse();
        assertThat(provider.sent).containsExactly(transfer.id(), transfer.id());
        assertThat(store.row(transfer.id()).status()).isEqualTo(TransferStatus.SUCCEEDED);
        assertThat(store.row(transfer.id()).sending().sends()).isEqualTo(2);
        assertThat(store.audit).singleElement().satisfies(entry -> {
            assertThat(entry.action()).isEqualTo("transfer.resolve");
            assertThat(entry.actor()).isEqualTo("admin");
            assertThat(entry.what()).contains(transfer.id().toString()).contains("send_again");
        });
    }

    @Test
    void aResolveWithoutANoteOrWithAnUnknownOutcomeIsRefused() {
        Transfer transfer = store.add(new BigDecimal("75.50"));
        ReviewTransfers review = new ReviewTransfers(store);

        for (String body : List.of(
                "{\"outcome\":\"failed\"}",
                "{\"outcome\":\"later\",\"note\":\"x\"}",
                "{\"outcome\":\"failed\",\"note\":\"x\",\"provider_transaction_id\":\"1\"}")) {
            ServiceException refused = RunFutures.failure(
                    review.resolve(transfer.id(), body.getBytes(StandardCharsets.UTF_8), Actor.admin("::1")));
            assertThat(refused.kind()).as(body).isEqualTo(ErrorKind.VALIDATION);
        }
        assertThat(store.audit).isEmpty();
    }

    // ---- helpers ----------------------------------------------------------------------------------------------

    /** Sweeps once a second of the test's clock for {@code duration}, as the transfer verticle does. */
    private void runFor(Duration duration) {
        Instant end = clock.instant().plus(duration);
        while (clock.instant().isBefore(end)) {
            settle.sweep();
            clock.advance(Duration.ofSeconds(1));
        }
    }

    private static ServiceException timeout() {
        return new ServiceException(
                ErrorKind.PROVIDER, "provider_error", "Wallet provider Transfert: the provider did not answer in time");
    }

    /** A provider answering each Transfert from a script, and every look-up alike; it records what it was asked. */
    static final class ScriptedProvider extends ScriptedWalletProvider {

        final Deque<Supplier<Future<TransferOutcome>>> sends = new ArrayDeque<>();
        Supplier<Future<TransferOutcome>> lookUps = () -> Future.succeededFuture(TransferOutcome.NOT_FOUND);
        final List<UUID> sent = new ArrayList<>();
        final List<UUID> asked = new ArrayList<>();

        @Override
        public Future<TransferOutcome> transfer(UUID reference, String receiver, BigDecimal amount, String desc) {
            sent.add(reference);
            return sends.isEmpty()
                    ? Future.succeededFuture(TransferOutcome.succeeded("t"))
                    : sends.pop().get();
        }

        @Override
        public Future<TransferOutcome> transferStatus(UUID reference) {
            asked.add(reference);
            return lookUps.get();
        }

        @Override
        public Future<BigDecimal> balance() {
            return Future.succeededFuture(null);
        }

        @Override
        public Duration longestCall() {
            return Duration.ofSeconds(15);
        }
    }

    static final class TestClock extends Clock {

        private Instant now;

        TestClock(Instant now) {
            this.now = now;
        }

        void advance(Duration by) {
            now = now.plus(by);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }

    /** The value or failure of a future the in-memory store has completed already. */
    static final class RunFutures {

        static <T> T value(Future<T> future) {
            assertThat(future.succeeded()).as(String.valueOf(future.cause())).isTrue();
            return future.result();
        }

        static ServiceException failure(Future<?> future) {
            assertThat(future.failed()).isTrue();
            return (ServiceException) future.cause();
        }
    }
}
