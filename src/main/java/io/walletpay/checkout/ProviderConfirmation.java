package io.walletpay.checkout;

import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import java.math.BigDecimal;
import java.util.Objects;
import java.util.UUID;

/**
 * The rule for believing the wallet provider: a transaction pays a payment only when the provider's own retrieve
 * call reports it successful, for that payment's id as order id, for exactly its amount. A redirect's query
 * string or a notification body only says where to look; this is what is checked once we have looked.
 */
public final class ProviderConfirmation {

    public static final String MISMATCH = "provider_mismatch";
    public static final String NOT_SUCCESSFUL = "payment_not_successful";

    private ProviderConfirmation() {}

    /** Returns normally when {@code transaction} pays the payment; otherwise a CONFLICT saying why not. */
    public static void check(ProviderTransaction transaction, UUID paymentId, BigDecimal amount) {
        Objects.requireNonNull(transaction, "transaction");
        if (!paymentId.equals(transaction.orderId())) {
            throw new ServiceException(
                    ErrorKind.CONFLICT, MISMATCH, "The wallet provider reports this transaction for another payment");
        }
        // compareTo, not equals: 2500.0 and 2500.00 are the same money; 2500.01 is not
        if (transaction.amount() == null || transaction.amount().compareTo(amount) != 0) {
            throw new ServiceException(
                    ErrorKind.CONFLICT, MISMATCH, "The amount paid at the wallet provider does not match this payment");
        }
        if (!transaction.successful()) {
            throw new ServiceException(
                    ErrorKind.CONFLICT,
                    NOT_SUCCESSFUL,
                    "The wallet provider does not report this payment as successful");
        }
    }
}
