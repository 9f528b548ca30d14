package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.checkout.ProviderOrder;
import io.walletpay.checkout.ProviderPayment;
import io.walletpay.checkout.ProviderTransaction;
import io.walletpay.checkout.WalletProvider;
import io.walletpay.checkout.WalletProviders;
import io.walletpay.money.TransferOutcome;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * A live provider whose answers a use case's test writes ({@code moncash}, remote): each call answers what its
 * script says, and calls nobody scripted fail, so a test cannot pass on a call it did not expect.
 */
class ScriptedWalletProvider implements WalletProvider {

    final List<ProviderOrder> opened = new ArrayList<>();
    final List<ProviderOrder> retrieved = new ArrayList<>();

    /**
     * A provider that reports every order asked about paid by {@code transactionId} for {@code amount}, from wallet
     * 50937001234 (the customer paid at the gateway); it records each order asked about.
     */
    static ScriptedWalletProvider paying(String transactionId, BigDecimal amount) {
        return new ScriptedWalletProvider() {
            @Override
            public Future<ProviderTransaction> retrieveByOrder(ProviderOrder order) {
                retrieved.add(order);
                return Future.succeededFuture(
                        new ProviderTransaction(transactionId, order, amount, "50937001234", true));
            }
        };
    }

    /** A registry holding this provider as the current (live) one, beside the sandbox. */
    WalletProviders registry() {
        return WalletProviders.only(this);
    }

    @Override
    public String name() {
        return WalletProviders.MONCASH;
    }

    @Override
    public Future<ProviderPayment> createPayment(ProviderOrder order, BigDecimal amount) {
        opened.add(order);
        return unscripted("createPayment");
    }

    @Override
    public Future<ProviderTransaction> retrieveByOrder(ProviderOrder order) {
        retrieved.add(order);
        return unscripted("retrieveByOrder");
    }

    @Override
    public Future<ProviderTransaction> retrieveByTransaction(String transactionId) {
        return unscripted("retrieveByTransaction");
    }

    @Override
    public Future<TransferOutcome> transfer(UUID reference, String receiver, BigDecimal amount, String description) {
        return unscripted("transfer");
    }

    @Override
    public Future<TransferOutcome> transferStatus(UUID reference) {
        return unscripted("transferStatus");
    }

    @Override
    public Future<BigDecimal> balance() {
        return Future.succeededFuture(null);
    }

    @Override
    public Duration longestCall() {
        return Duration.ZERO;
    }

    static <T> Future<T> unscripted(String call) {
        return Future.failedFuture(new AssertionError("the test did not expect " + call));
    }
}
