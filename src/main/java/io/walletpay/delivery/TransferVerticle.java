package io.walletpay.delivery;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.walletpay.error.ServiceException;
import io.walletpay.money.SettleWindow;
import io.walletpay.money.TransferProvider;
import io.walletpay.store.TransferStore;
import io.walletpay.usecase.SettleTransfers;
import java.math.BigDecimal;
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

    private final SettleTransfers settle;
    private final TransferProvider provider;
    private final MeterRegistry registry;
    private final AtomicReference<BigDecimal> prefunded = new AtomicReference<>();
    private boolean sweeping;

    public TransferVerticle(
            TransferStore transfers, TransferProvider provider, SettleWindow window, MeterRegistry registry) {
        this.settle = new SettleTransfers(transfers, provider, window);
        this.provider = provider;
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
        vertx.setPeriodic(0, BALANCE_REFRESH_MS, tick -> provider.balance()
                .onSuccess(prefunded::set)
                .onFailure(failure -> log.debug("prefunded balance not read: {}", failure.getMessage())));
        return Future.succeededFuture();
    }

    private void sweep() {
        if (sweeping) {
            return; // the last pass is still waiting for the provider
        }
        sweeping = true;
        settle.sweep()
                .onFailure(failure -> {
                    if (ServiceException.databaseUnavailable(failure)) {
                        log.debug("transfers wait for the database: {}", failure.getMessage());
                    } else {
                        log.warn("transfers not settled this pass: {}", failure.getMessage());
                    }
                })
                .onComplete(done -> sweeping = false);
    }
}
