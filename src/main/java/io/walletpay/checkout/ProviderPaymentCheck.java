package io.walletpay.checkout;

import io.vertx.core.Future;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import java.math.BigDecimal;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Before the service itself ends a pending live payment (expiry, the merchant's cancel), it asks the provider
 * whether the customer has in fact paid: a payment made at the gateway moments before must complete, not be
 * expired or cancelled while the customer's money is gone.
 */
public final class ProviderPaymentCheck {

    private static final Logger log = LoggerFactory.getLogger(ProviderPaymentCheck.class);

    private ProviderPaymentCheck() {}

    /**
     * The provider's confirmed transaction for the payment, empty when it has none (or none that pays it); fails
     * with {@code provider_error} when the provider cannot say, so the caller must not end the payment.
     */
    public static Future<Optional<ProviderTransaction>> paidTransaction(
            WalletProvider provider, UUID paymentId, BigDecimal amount) {
        if (!provider.remote()) {
            return Future.succeededFuture(Optional.empty()); // sandbox: payments only happen on our own page
        }
        return provider.retrieveByOrder(paymentId)
                .map(transaction -> {
                    try {
                        ProviderConfirmation.check(transaction, paymentId, amount);
                        return Optional.of(transaction);
                    } catch (ServiceException notPaying) {
                        log.warn(
                                "provider transaction for payment {} does not pay it: {}", paymentId, notPaying.code());
                        return Optional.<ProviderTransaction>empty();
                    }
                })
                .recover(failure -> failure instanceof ServiceException e && e.kind() == ErrorKind.NOT_FOUND
                        ? Future.succeededFuture(Optional.empty())
                        : Future.failedFuture(failure));
    }
}
