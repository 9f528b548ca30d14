package io.walletpay.usecase;

import io.vertx.core.Future;
import io.walletpay.checkout.ProviderPaymentCheck;
import io.walletpay.checkout.ProviderTransaction;
import io.walletpay.checkout.WalletProviders;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
import io.walletpay.payment.TransitionPayment;
import io.walletpay.store.PaymentStore;
import java.util.UUID;

/**
 * A merchant cancelling its pending payment. In live mode the provider is asked first: a payment the customer has
 * already paid at the gateway completes instead, and the merchant is told so (409); the provider unreachable
 * changes nothing.
 */
public final class CancelPayment {

    private final PaymentStore payments;
    private final WalletProviders providers;

    public CancelPayment(PaymentStore payments, WalletProviders providers) {
        this.payments = payments;
        this.providers = providers;
    }

    public Future<Payment> cancel(UUID merchantId, UUID id) {
        return payments.get(merchantId, id)
                .compose(payment -> ProviderPaymentCheck.paidTransaction(providers.named(payment.provider()), payment))
                .compose(paid -> payments.transition(new TransitionPayment(
                        id,
                        merchantId,
                        paid.isPresent() ? PaymentStatus.COMPLETED : PaymentStatus.CANCELLED,
                        paid.map(ProviderTransaction::transactionId).orElse(null))))
                .compose(
                        payment -> payment.status() == PaymentStatus.CANCELLED
                                ? Future.succeededFuture(payment)
                                : Future.failedFuture(
                                        new ServiceException(
                                                ErrorKind.CONFLICT,
                                                "invalid_state",
                                                "The customer has already paid this payment at the wallet provider; it is now completed")));
    }
}
