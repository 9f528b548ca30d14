package io.walletpay.money;

import io.vertx.core.Future;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.UUID;

/**
 * The wallet provider's transfer API as money out needs it. {@code reference} is the transfer's id: the provider
 * keeps it, so a transfer whose outcome is unknown is looked up by it ({@link #transferStatus}), and one refund never
 * becomes two transfers. Failures to reach the provider or read its answer, and any answer that does not prove the
 * outcome, are {@link io.walletpay.error.ServiceException}s of kind PROVIDER: the outcome is then unknown, not
 * failed.
 */
public interface TransferProvider {

    /**
     * Sends {@code amount} HTG to the wallet {@code receiver}: succeeded when the answer says the transfer was made,
     * failed with the reason only when the answer proves it was refused (MonCash's 403, the wallet account cannot
     * pay: {@code provider_refused}). Any other answer is a PROVIDER failure: the transfer may have been made.
     */
    Future<TransferOutcome> transfer(UUID reference, String receiver, BigDecimal amount, String description);

    /**
     * What the provider knows of the transfer {@code reference}: succeeded, failed with the reason, or
     * {@link TransferOutcome#NOT_FOUND} when it knows no transfer by that reference (which a transfer it is still
     * processing may be). A transfer it reports as still in flight is a PROVIDER failure: asked about again later.
     */
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
