package io.walletpay.delivery;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.walletpay.error.ServiceException;
import io.walletpay.usecase.ReconcileBooks;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The books on schedule: every {@link ReconcileBooks#LOOK_EVERY} it runs the hourly check if no node has run it
 * within the hour ({@link ReconcileBooks#onSchedule}), and it keeps {@code walletpay.books.drift_htg}, the newest
 * run's drift whichever node made it. Deployed where transfers are paid, once per JVM.
 */
public final class ReconciliationVerticle extends VerticleBase {

    private static final Logger log = LoggerFactory.getLogger(ReconciliationVerticle.class);

    private final ReconcileBooks books;
    private final MeterRegistry registry;
    private boolean looking;

    public ReconciliationVerticle(ReconcileBooks books, MeterRegistry registry) {
        this.books = books;
        this.registry = registry;
    }

    @Override
    public Future<?> start() {
        Gauge.builder("walletpay.books.drift_htg", books, ReconcileBooks::lastDrift)
                .description("HTG the provider reports the business account holds, less what the ledger says it"
                        + " should hold, at the newest reconciliation run; NaN when the provider did not say")
                .register(registry);
        // the figure of the runs made before this node started; the first look waits a while, as a node that
        // restarts has no reason to check the books at once (the schedule is the cluster's, not the node's)
        books.refresh().onFailure(failure -> log.debug("newest reconciliation run not read: {}", failure.getMessage()));
        long every = ReconcileBooks.LOOK_EVERY.toMillis();
        vertx.setPeriodic(every, every, tick -> look());
        return Future.succeededFuture();
    }

    private void look() {
        if (looking) {
            return; // the last look still waits for the provider
        }
        looking = true;
        books.onSchedule()
                .onFailure(failure -> {
                    if (ServiceException.databaseUnavailable(failure)) {
                        log.debug("books wait for the database: {}", failure.getMessage());
                    } else {
                        log.warn("books not checked this hour: {}", failure.getMessage());
                    }
                })
                .onComplete(done -> looking = false);
    }
}
