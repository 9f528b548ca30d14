package io.walletpay.usecase;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.vertx.core.Future;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.money.BooksCheck;
import io.walletpay.money.BooksCheck.Outstanding;
import io.walletpay.money.Ledger;
import io.walletpay.money.ReconciliationRun;
import io.walletpay.money.ReconciliationRun.Trigger;
import io.walletpay.money.ReconciliationRunPage;
import io.walletpay.money.TransferOutcome;
import io.walletpay.store.BooksStore;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * A reconciliation run: the ledger's figures against the provider's balance, kept whether or not the provider
 * answered; a warning only for a drift nothing pending explains; the schedule skips an hour already checked; the
 * metric follows the newest run.
 */
class ReconcileBooksTest {

    private final InMemoryBooks books = new InMemoryBooks();
    private final ProviderBalance provider = new ProviderBalance();
    private final ReconcileBooks reconcile = new ReconcileBooks(books, provider.registry(), new BigDecimal("1000.00"));
    private final Logger logger = (Logger) LoggerFactory.getLogger(ReconcileBooks.class);
    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();

    @BeforeEach
    void captureLogs() {
        logged.start();
        logger.addAppender(logged);
    }

    @AfterEach
    void releaseLogs() {
        logger.detachAppender(logged);
    }

    @Test
    void aRunComparesTheReportedBalanceWithTheLedgerAndKeepsIt() {
        books.ledger = ledger("500.00", "200.00", Outstanding.NONE);
        provider.balance = Future.succeededFuture(new BigDecimal("1299.50"));

        ReconciliationRun run = done(reconcile.run(Trigger.OPERATOR));

        assertThat(run.trigger()).isEqualTo(Trigger.OPERATOR);
        assertThat(run.check().expected().toPlainString()).isEqualTo("1300.00");
        assertThat(run.check().drift().toPlainString()).isEqualTo("-0.50");
        assertThat(run.error()).isNull();
        assertThat(books.kept).containsExactly(run);
        assertThat(reconcile.lastDrift()).isEqualTo(-0.5);
        assertThat(levels()).containsExactly(Level.WARN);
    }

    @Test
    void aDriftWhileTransfersAreInFlightIsLoggedAsInformationNotAsAWarning() {
        books.ledger = ledger("500.00", "200.00", new Outstanding(1, new BigDecimal("0.50")));
        provider.balance = Future.succeededFuture(new BigDecimal("1299.50"));

        done(reconcile.run(Trigger.SCHEDULE));

        assertThat(levels()).containsExactly(Level.INFO);
    }

    @Test
    void balancedBooksAreNoWarning() {
        books.ledger = ledger("500.00", "200.00", Outstanding.NONE);
        provider.balance = Future.succeededFuture(new BigDecimal("1300.00"));

        ReconciliationRun run = done(reconcile.run(Trigger.OPERATOR));

        assertThat(run.check().drift().toPlainString()).isEqualTo("0.00");
        assertThat(reconcile.lastDrift()).isZero();
        assertThat(levels()).doesNotContain(Level.WARN);
    }

    @Test
    void aProviderThatCannotBeAskedGivesAKeptRunWithTheErrorAndNoDrift() {
        books.ledger = ledger("500.00", "0.00", Outstanding.NONE);
        provider.balance = Future.succeededFuture(new BigDecimal("1500.00"));
        done(reconcile.run(Trigger.OPERATOR));
        books.age(Duration.ofMinutes(1)); // the next run is the newer one by its time, not by chance of its id
        provider.balance = Future.failedFuture(
                new ServiceException(ErrorKind.PROVIDER, "provider_unavailable", "PrefundedBalance timed out"));

        ReconciliationRun run = done(reconcile.run(Trigger.SCHEDULE));

        assertThat(run.error()).isEqualTo("PrefundedBalance timed out");
        assertThat(run.check().reported()).isNull();
        assertThat(run.check().drift()).isNull();
        assertThat(run.check().expected().toPlainString()).isEqualTo("1500.00");
        assertThat(books.kept).hasSize(2);
        assertThat(reconcile.lastDrift()).isNaN(); // the newest run does not know, so neither does the metric
    }

    @Test
    void aProviderThatDoesNotReportABalanceGivesNoDriftAndNoError() {
        books.ledger = ledger("500.00", "0.00", Outstanding.NONE);
        provider.balance = Future.succeededFuture(null);

        ReconciliationRun run = done(reconcile.run(Trigger.OPERATOR));

        assertThat(run.check().drift()).isNull();
        assertThat(run.error()).isNull();
        assertThat(reconcile.lastDrift()).isNaN();
        assertThat(levels()).doesNotContain(Level.WARN);
    }

    @Test
    void theScheduleSkipsAnHourAlreadyCheckedAndShowsTheNewestRunInstead() {
        books.ledger = ledger("500.00", "0.00", Outstanding.NONE);
        provider.balance = Future.succeededFuture(new BigDecimal("1490.00"));
        ReconcileBooks otherNode = new ReconcileBooks(books, provider.registry(), new BigDecimal("1000.00"));
        done(otherNode.run(Trigger.SCHEDULE));

        ReconciliationRun skipped = done(reconcile.onSchedule());

        assertThat(skipped).isNull();
        assertThat(books.kept).hasSize(1);
        assertThat(reconcile.lastDrift()).isEqualTo(-10.0);
    }

    @Test
    void theScheduleRunsWhenTheLastScheduledRunIsAnHourOld() {
        books.ledger = ledger("500.00", "0.00", Outstanding.NONE);
        provider.balance = Future.succeededFuture(new BigDecimal("1500.00"));
        done(reconcile.run(Trigger.SCHEDULE));
        books.age(ReconcileBooks.EVERY.minus(ReconcileBooks.LOOK_EVERY));

        ReconciliationRun run = done(reconcile.onSchedule());

        assertThat(run).isNotNull();
        assertThat(run.trigger()).isEqualTo(Trigger.SCHEDULE);
        assertThat(books.kept).hasSize(2);
    }

    @Test
    void anOperatorsRunDoesNotStandInForTheSchedule() {
        books.ledger = ledger("500.00", "0.00", Outstanding.NONE);
        provider.balance = Future.succeededFuture(new BigDecimal("1500.00"));
        done(reconcile.run(Trigger.OPERATOR));

        assertThat(done(reconcile.onSchedule())).isNotNull();
    }

    @Test
    void anOlderRunReadLateDoesNotReplaceTheNewestOne() {
        books.ledger = ledger("500.00", "0.00", Outstanding.NONE);
        provider.balance = Future.succeededFuture(new BigDecimal("1490.00"));
        done(reconcile.run(Trigger.OPERATOR));
        books.age(Duration.ofMinutes(1));
        provider.balance = Future.succeededFuture(new BigDecimal("1500.00"));
        done(reconcile.run(Trigger.OPERATOR));
        books.newestFirst = false; // a read that answers with the older run, as one racing a run may

        done(reconcile.refresh());

        assertThat(reconcile.lastDrift()).isZero();
    }

    // ---- fakes ------------------------------------------------------------------------------------------------

    private static Ledger ledger(String payments, String transfers, Outstanding inFlight) {
        return new Ledger(new BigDecimal(payments), new BigDecimal(transfers), inFlight, Outstanding.NONE);
    }

    private List<Level> levels() {
        return logged.list.stream().map(ILoggingEvent::getLevel).toList();
    }

    private static <T> T done(Future<T> future) {
        assertThat(future.isComplete()).as("answered at once by the fakes").isTrue();
        if (future.failed()) {
            throw new AssertionError(future.cause());
        }
        return future.result();
    }

    /** The kept runs in a list, their times on a clock the test moves. */
    private static final class InMemoryBooks implements BooksStore {

        Ledger ledger;
        final List<ReconciliationRun> kept = new ArrayList<>();
        OffsetDateTime now = OffsetDateTime.of(2026, 11, 21, 7, 0, 0, 0, ZoneOffset.UTC);
        boolean newestFirst = true;

        void age(Duration by) {
            now = now.plus(by);
        }

        @Override
        public Future<Ledger> ledger() {
            return Future.succeededFuture(ledger);
        }

        @Override
        public Future<ReconciliationRun> keep(UUID id, Trigger trigger, BooksCheck check, String error) {
            ReconciliationRun run = new ReconciliationRun(id, now, trigger, check, error);
            kept.add(run);
            return Future.succeededFuture(run);
        }

        @Override
        public Future<ReconciliationRunPage> runs(int limit, UUID startingAfter, UUID endingBefore) {
            throw new UnsupportedOperationException("not used by the use case");
        }

        @Override
        public Future<ReconciliationRun> latest() {
            return Future.succeededFuture(
                    kept.isEmpty() ? null : newestFirst ? kept.get(kept.size() - 1) : kept.get(0));
        }

        @Override
        public Future<Boolean> scheduledWithin(Duration within) {
            return Future.succeededFuture(kept.stream()
                    .anyMatch(run ->
                            run.trigger() == Trigger.SCHEDULE && run.ranAt().isAfter(now.minus(within))));
        }
    }

    /** A provider whose balance answer the test sets. */
    private static final class ProviderBalance extends ScriptedWalletProvider {

        Future<BigDecimal> balance = Future.succeededFuture(null);

        @Override
        public Future<TransferOutcome> transfer(UUID reference, String receiver, BigDecimal amount, String desc) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Future<TransferOutcome> transferStatus(UUID reference) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Future<BigDecimal> balance() {
            return balance;
        }

        @Override
        public Duration longestCall() {
            return Duration.ZERO;
        }
    }
}
