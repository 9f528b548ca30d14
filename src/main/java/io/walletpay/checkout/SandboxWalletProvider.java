package io.walletpay.checkout;

import io.vertx.core.Future;
import io.walletpay.error.ServiceException;
import io.walletpay.money.TransferOutcome;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.UUID;

/**
 * The sandbox provider: payments are "opened" by minting an opaque checkout token, and the customer pays on the
 * service's own checkout page ({@code {public_base_url}/checkout/{token}}). Nothing is ever remote.
 */
public final class SandboxWalletProvider implements WalletProvider {

    private final String publicBaseUrl;

    public SandboxWalletProvider(String publicBaseUrl) {
        this.publicBaseUrl = publicBaseUrl;
    }

    @Override
    public String name() {
        return WalletProviders.SANDBOX;
    }

    @Override
    public Future<ProviderPayment> createPayment(ProviderOrder order, BigDecimal amount) {
        String token = CheckoutToken.next();
        return Future.succeededFuture(new ProviderPayment(token, publicBaseUrl + "/checkout/" + token));
    }

    @Override
    public boolean remote() {
        return false;
    }

    @Override
    public Future<ProviderTransaction> retrieveByOrder(ProviderOrder order) {
        return Future.failedFuture(ServiceException.notFound("Sandbox transaction"));
    }

    @Override
    public Future<ProviderTransaction> retrieveByTransaction(String transactionId) {
        return Future.failedFuture(ServiceException.notFound("Sandbox transaction"));
    }

    /** Transfers succeed at once, except to the sandbox's declining number, for trying the failure path. */
    @Override
    public Future<TransferOutcome> transfer(UUID reference, String receiver, BigDecimal amount, String description) {
        return Future.succeededFuture(
                PhoneNumber.SANDBOX_DECLINED.equals(receiver)
                        ? TransferOutcome.failed("declined by the wallet provider: sandbox test number")
                        : TransferOutcome.succeeded("SANDBOX-" + reference));
    }

    /** The sandbox answers every transfer at once, so it never has one to look up. */
    @Override
    public Future<TransferOutcome> transferStatus(UUID reference) {
        return Future.succeededFuture(TransferOutcome.NOT_FOUND);
    }

    @Override
    public Future<BigDecimal> balance() {
        return Future.succeededFuture(null);
    }

    @Override
    public Duration longestCall() {
        return Duration.ZERO;
    }
}
