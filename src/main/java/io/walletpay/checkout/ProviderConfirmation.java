package io.walletpay.checkout;

import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import java.math.BigDecimal;
import java.util.Objects;
import java.util.UUID;

/**
 * The rule for believing the wallet provider: a transaction pays a payment only when the provider's own retrieve
 * call reports it {@code successful}, for that payment's id as order id, for exactly its amount. A redirect's
 * query string or a notification only says where to look; this is what is decided once we have looked:
 * <ul>
 *   <li>another order or amount: never completes, and a person must look ({@link Outcome#REVIEW});
 *   <li>the right order and amount but not {@code successful}: the provider declined, the payment fails with the
 *       provider's message as reason ({@link Outcome#DECLINED});
 *   <li>otherwise it is paid ({@link Outcome#PAID}).
 * </ul>
 */
public final class ProviderConfirmation {

    public static final String MISMATCH = "provider_mismatch";
    public static final String NOT_SUCCESSFUL = "payment_not_successful";

    /** Stored reasons are bounded: the provider's message is free text. */
    static final int MAX_REASON = 200;

    public enum Outcome {
        PAID,
        DECLINED,
        REVIEW
    }

    /** What to do with the payment; {@code reason} is null for PAID. */
    public record Decision(Outcome outcome, String reason) {

        public boolean paid() {
            return outcome == Outcome.PAID;
        }
    }

    private ProviderConfirmation() {}

    /** What {@code transaction} means for the payment {@code paymentId} of {@code amount}. */
    public static Decision decide(ProviderTransaction transaction, UUID paymentId, BigDecimal amount) {
        Objects.requireNonNull(transaction, "transaction");
        if (!paymentId.equals(transaction.order().paymentId())) {
            return new Decision(
                    Outcome.REVIEW,
                    bounded("order mismatch: the provider reports transaction " + transaction.transactionId()
                            + " for order " + transaction.order()));
        }
        // compareTo, not equals: 2500.0 and 2500.00 are the same money; 2500.01 is not
        if (transaction.amount() == null || transaction.amount().compareTo(amount) != 0) {
            return new Decision(
                    Outcome.REVIEW,
                    bounded("amount mismatch: the provider reports "
                            + (transaction.amount() == null
                                    ? "no amount"
                                    : transaction.amount().toPlainString())
                            + " HTG paid by transaction " + transaction.transactionId() + " for a payment of "
                            + amount.toPlainString() + " HTG"));
        }
        if (!transaction.successful()) {
            String message =
                    transaction.message() == null || transaction.message().isBlank()
                            ? "no message"
                            : transaction.message().strip();
            return new Decision(Outcome.DECLINED, bounded("declined by the wallet provider: " + message));
        }
        return new Decision(Outcome.PAID, null);
    }

    /** Returns normally when {@code transaction} pays the payment; otherwise a CONFLICT saying why not. */
    public static void check(ProviderTransaction transaction, UUID paymentId, BigDecimal amount) {
        Decision decision = decide(transaction, paymentId, amount);
        switch (decision.outcome()) {
            case PAID -> {}
            case REVIEW -> throw mismatch(transaction, paymentId);
            case DECLINED ->
                throw new ServiceException(
                        ErrorKind.CONFLICT,
                        NOT_SUCCESSFUL,
                        "The wallet provider does not report this payment as successful");
        }
    }

    /** The 409 {@code provider_mismatch} for a transaction of another amount or order than the payment's. */
    public static ServiceException mismatch(ProviderTransaction transaction, UUID paymentId) {
        return new ServiceException(
                ErrorKind.CONFLICT,
                MISMATCH,
                paymentId.equals(transaction.order().paymentId())
                        ? "The amount paid at the wallet provider does not match this payment"
                        : "The wallet provider reports this transaction for another payment");
    }

    /** {@code reason}, cut to what a stored reason may hold. */
    public static String bounded(String reason) {
        return reason.length() <= MAX_REASON ? reason : reason.substring(0, MAX_REASON);
    }
}
