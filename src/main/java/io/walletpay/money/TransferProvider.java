package io.walletpay.money;

import io.vertx.core.Future;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.UUID;

/**
 * The wallet provider's transfer API as money out needs it. {@code reference} is the transfer's id: the provider
 * keeps it, so a transfer whose answer was lost is looked up by it ({@link #transferStatus}) before any new attempt,
 * and one refund never becomes two transfers. Failures to reach the provider or read its answer are
 * {@link io.walletpay.error.ServiceException}s of kind PROVIDER: the outcome is then unknown, not failed.
 */
public interface TransferProvider {

    /** Sends {@code amount} HTG to the wallet {@code receiver}: succeeded, or failed with the reason. */
    Future<TransferOutcome> transfer(UUID reference, String receiver, BigDecimal amount, String description);

    /** What the provider knows of the transfer {@code reference}: succeeded, failed, or unknown (never arrived). */
    Future<TransferOutcome> transferStatus(UUID reference);

    /** The money the wallet account holds for transfers; null when the provider does not say. */
    Future<BigDecimal> balance();

    /**
     * The longest {@link #transfer} or {@link #transferStatus} can keep its caller waiting: the calls it makes
     * (an access token, the request, and after a 401 a fresh token and the request again), each within the
     * provider's timeouts. Zero for a provider that answers at once.
     */
    Duration longestCall();
}
