package io.walletpay.checkout;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.walletpay.config.LiveProviderSettings;
import io.walletpay.money.TransferOutcome;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;

/**
 * MonCash, the live wallet provider, as the service sees it: one instance for every event loop, holding one HTTP
 * client and one access token. Each part has its own home: the token's life ({@link MonCashToken}), one API call
 * and its errors ({@link MonCashExchange}), payments ({@link MonCashPayments}) and transfers, whose outcome is
 * reported only when MonCash's answer proves it ({@link MonCashTransfers}).
 */
public final class LiveWalletProvider implements WalletProvider {

    private final MonCashExchange exchange;
    private final MonCashPayments payments;
    private final MonCashTransfers transfers;

    LiveWalletProvider(Vertx vertx, LiveProviderSettings settings) {
        this(vertx, settings, Clock.systemUTC());
    }

    /** Counting its calls in {@code registry} (the one {@code /metrics} shows). */
    LiveWalletProvider(Vertx vertx, LiveProviderSettings settings, MeterRegistry registry) {
        this(vertx, settings, Clock.systemUTC(), registry);
    }

    /** With a clock of the caller's, so token expiry can be tested without waiting. */
    LiveWalletProvider(Vertx vertx, LiveProviderSettings settings, Clock clock) {
        this(vertx, settings, clock, new SimpleMeterRegistry());
    }

    private LiveWalletProvider(Vertx vertx, LiveProviderSettings settings, Clock clock, MeterRegistry registry) {
        this.exchange = new MonCashExchange(vertx, settings, clock, registry);
        this.payments = new MonCashPayments(settings, exchange);
        this.transfers = new MonCashTransfers(exchange);
    }

    @Override
    public String name() {
        return WalletProviders.MONCASH;
    }

    @Override
    public Future<ProviderPayment> createPayment(ProviderOrder order, BigDecimal amount) {
        return payments.create(order, amount);
    }

    @Override
    public Future<ProviderTransaction> retrieveByOrder(ProviderOrder order) {
        return payments.byOrder(order);
    }

    @Override
    public Future<ProviderTransaction> retrieveByTransaction(String transactionId) {
        return payments.byTransaction(transactionId);
    }

    @Override
    public Future<TransferOutcome> transfer(UUID reference, String receiver, BigDecimal amount, String description) {
        return transfers.send(reference, receiver, amount, description);
    }

    @Override
    public Future<TransferOutcome> transferStatus(UUID reference) {
        return transfers.status(reference);
    }

    @Override
    public Future<BigDecimal> balance() {
        return transfers.balance();
    }

    @Override
    public Duration longestCall() {
        return exchange.longestCall();
    }

    /** Releases the HTTP connections. */
    @Override
    public void close() {
        exchange.close();
    }
}
