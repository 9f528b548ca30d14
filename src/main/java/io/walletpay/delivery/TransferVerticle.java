package io.walletpay.delivery;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.walletpay.checkout.WalletProviders;
import io.walletpay.error.ServiceException;
import io.walletpay.store.TransferStore;
import io.walletpay.usecase.SettleTransfers;
import java.math.BigDecimal;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pays refunds and payouts: every {@link #POLL_MS} it settles the due transfers ({@link SettleTransfers}); the
 * transfers are rows with leases, so any number of nodes may run this side by side. With a provider that reports
 * its prefunded balance, it also keeps {@code walletpay.provider.prefunded_balance} for operators.
 */
public final class TransferVerticle extends VerticleBase {

    private static final Logger log = LoggerFactory.getLogger(TransferVerticle.class);
    static final long POLL_MS = 1_000;
    static final long BALANCE_REFRESH_MS = 60_000;
    static final long REVIEW_REFRESH_MS = 15_000;

    private final SettleTransfers settle;
    private final WalletProviders providers;
    private final MeterRegistry registry;
    private final AtomicReference<BigDecimal> prefunded = new AtomicReference<>();
    private final AtomicLong inReview = new AtomicLong();
    private final TransferStore transfers;
    static final int MAX_IN_FLIGHT = 16;
    private boolean claiming;
    private int inFlight; // attempts started and not yet done, on this verticle's event loop only

    public TransferVerticle(
            SettleTransfers settle, TransferStore transfers, WalletProviders providers, MeterRegistry registry) {
        this.settle = settle;
        this.transfers = transfers;
        this.providers = providers;
        this.registry = registry;
    }

    @Override
    public Future<?> start() {
        vertx.setPeriodic(POLL_MS, POLL_MS, tick -> sweep());
        Gauge.builder("walletpay.provider.prefunded_balance", prefunded, held -> {
                    BigDecimal value = held.get();
                    return value == null ? Double.NaN : value.doubleValue();
                })
                .description("HTG the wallet account holds for refunds and payouts, as the provider last reported it")
                .register(registry);
        vertx.setPeriodic(0, BALANCE_REFRESH_MS, tick -> providers
                .current()
                .balance()
                .onSuccess(prefunded::set)
                .onFailure(failure -> log.debug("prefunded balance not read: {}", failure.getMessage())));
        Gauge.builder("walletpay.transfers.in_review", inReview, AtomicLong::get)
                .description("Refunds and payouts held for an operator: their outcome at the provider stayed unknown")
                .register(registry);
        vertx.setPeriodic(0, REVIEW_REFRESH_MS, tick -> transfers
                .heldForReview()
                .onSuccess(held -> inReview.set(held.count()))
                .onFailure(failure -> log.debug("transfers in review not counted: {}", failure.getMessage())));
        return Future.succeededFuture();
    }

    /**
     * Claims what is due, up to {@link #MAX_IN_FLIGHT} attempts under way at once; attempts still waiting for the
     * provider do not hold back the next claim.
     */
    private void sweep() {
        if (claiming || inFlight >= MAX_IN_FLIGHT) {
            return;
        }
        claiming = true;
        settle.start(MAX_IN_FLIGHT - inFlight)
                .onSuccess(attempts -> attempts.forEach(attempt -> {
                    inFlight++;
                    attempt.onComplete(done -> inFlight--);
                }))
                .onFailure(failure -> {
                    if (ServiceException.databaseUnavailable(failure)) {
                        log.debug("transfers wait for the database: {}", failure.getMessage());
                    } else {
                        log.warn("transfers not settled this pass: {}", failure.getMessage());
                    }
                })
                .onComplete(done -> claiming = false);
    }
}
