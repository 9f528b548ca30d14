package io.walletpay.checkout;

import io.vertx.core.Future;
import io.walletpay.money.TransferProvider;
import java.math.BigDecimal;

/**
 * The wallet provider's merchant API as the service needs it: open a payment for an order, and later ask the
 * provider what really happened; and its transfer API, for money going out ({@link TransferProvider}). Failures
 * are {@link io.walletpay.error.ServiceException}s: kind PROVIDER with code {@code provider_error} when the
 * provider cannot be reached or answers badly, NOT_FOUND when it knows no such transaction.
 */
public interface WalletProvider extends TransferProvider {

    /** The name payments and transfers keep to find this provider again ({@link WalletProviders}). */
    String name();

    /** Opens a payment of {@code amount} HTG (scale 2) for one try of a payment ({@link ProviderOrder}); the customer is sent to the redirect URL. */
    Future<ProviderPayment> createPayment(ProviderOrder order, BigDecimal amount);

    /** The provider's record of the payment made for the order; NOT_FOUND while the customer has not paid. */
    Future<ProviderTransaction> retrieveByOrder(ProviderOrder order);

    /** Whether customers pay somewhere else (the provider's gateway), so the provider must be asked what happened. */
    default boolean remote() {
        return true;
    }

    /** The provider's record of one transaction, by the id the customer's return carried. */
    Future<ProviderTransaction> retrieveByTransaction(String transactionId);

    /** Releases what the provider holds (HTTP connections); nothing by default. */
    default void close() {}
}
