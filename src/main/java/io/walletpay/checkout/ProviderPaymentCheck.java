package io.walletpay.checkout;

import io.vertx.core.Future;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import io.walletpay.payment.Payment;
import io.walletpay.payment.PaymentStatus;
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
     * The one try that may still be paid: every earlier one was declined (a decline is final at the provider), and
     * when the next try was never opened the provider does not know its order, which reads as "not paid".
     */
    private static ProviderOrder currentTry(Payment payment) {
        return ProviderOrder.after(payment.id(), payment.declines());
    }

    /**
     * What the provider says about a payment the service is about to end itself (expiry): {@code target} is
     * COMPLETED (paid), FAILED (a confirmed decline, with its reason) or null (nothing that pays it: the caller
     * ends it its own way); {@code reviewReason} is set when the provider reports another amount or order, so the
     * caller flags it for a person (with that transaction's id). Fails with {@code provider_error} when the provider cannot say.
     */
    public record Settlement(
            PaymentStatus target, String transactionId, String failureReason, String payer, String reviewReason) {

        static final Settlement NOTHING = new Settlement(null, null, null, null, null);
    }

    public static Future<Settlement> settlement(WalletProvider provider, Payment payment) {
        if (!provider.remote()) {
            return Future.succeededFuture(Settlement.NOTHING);
        }
        UUID paymentId = payment.id();
        BigDecimal amount = payment.amount();
        return provider.retrieveByOrder(currentTry(payment))
                .map(transaction -> {
                    ProviderConfirmation.Decision decision =
                            ProviderConfirmation.decide(transaction, paymentId, amount);
                    return switch (decision.outcome()) {
                        case PAID ->
                            new Settlement(
                                    PaymentStatus.COMPLETED,
                                    transaction.transactionId(),
                                    null,
                                    transaction.payer(),
                                    null);
                        case DECLINED ->
                            new Settlement(
                                    PaymentStatus.FAILED,
                                    transaction.transactionId(),
                                    decision.reason(),
                                    transaction.payer(),
                                    null);
                        case REVIEW -> new Settlement(null, transaction.transactionId(), null, null, decision.reason());
                    };
                })
                .recover(failure -> failure instanceof ServiceException e && e.kind() == ErrorKind.NOT_FOUND
                        ? Future.succeededFuture(Settlement.NOTHING)
                        : Future.failedFuture(failure));
    }

    /**
     * The provider's confirmed transaction for the payment, empty when it has none (or none that pays it); fails
     * with {@code provider_error} when the provider cannot say, so the caller must not end the payment.
     */
    public static Future<Optional<ProviderTransaction>> paidTransaction(WalletProvider provider, Payment payment) {
        if (!provider.remote()) {
            return Future.succeededFuture(Optional.empty()); // sandbox: payments only happen on our own page
        }
        UUID paymentId = payment.id();
        BigDecimal amount = payment.amount();
        return provider.retrieveByOrder(currentTry(payment))
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
